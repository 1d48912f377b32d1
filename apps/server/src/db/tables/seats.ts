import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SeatOffer } from '@dialwise/contracts';
import { companies } from './companies.ts';
import { users } from './users.ts';
import { projects } from './projects.ts';

/**
 * One row per operator seat (an OPR account), so every server process agrees on who is signed in, idle or
 * in a call. `node` is the process holding the seat's WebSocket; that process touches `heartbeat_at` of all
 * its seats at once, so a seat whose process died goes stale and is never offered a call. `offer_id` is set
 * while an offer rings at the seat: the dispatcher claims a seat with `FOR UPDATE SKIP LOCKED` and only
 * where it is null, so a seat rings for one call at a time across processes.
 */
export const seats = pgTable(
  'seats',
  {
    operatorId: uuid('operator_id')
      .primaryKey()
      .references(() => users.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** signed-out, signed-in (not taking calls), waiting (standby), in-call. Not connected = no live node. */
    state: text('state', { enum: ['signed-out', 'signed-in', 'waiting', 'in-call'] })
      .notNull()
      .default('signed-out'),
    /** The one project the seat works on (the callDisplay/{projectID} page); null: all its projects. */
    projectId: uuid('project_id').references(() => projects.id),
    node: text('node'),
    /** The WebSocket that holds the seat: a newer one replaces it. */
    connectionId: text('connection_id'),
    /** The sign-in session that WebSocket was opened with: only a seat whose session is live is offered calls. */
    sessionId: uuid('session_id'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    /** Since when the seat has waited for a call: the longest-idle seat is offered first. */
    idleSince: timestamp('idle_since', { withTimezone: true, mode: 'date' }),
    offerId: uuid('offer_id'),
    callId: uuid('call_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('seats_waiting_idx').on(t.companyId, t.idleSince).where(sql`${t.state} = 'waiting'`)],
);

/** Every offer of a transferred call to a seat, and how it ended (the dispatcher's log, and the accept check). */
export const seatOffers = pgTable(
  'seat_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    projectId: uuid('project_id').notNull(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => users.id),
    state: text('state', { enum: ['offered', 'accepted', 'rejected', 'expired', 'withdrawn'] })
      .notNull()
      .default('offered'),
    offeredAt: timestamp('offered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deadline: timestamp('deadline', { withTimezone: true, mode: 'date' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    /** The offer as the seat reads it (warm transfer: the conversation so far); too long for a NOTIFY. */
    payload: jsonb('payload').$type<SeatOffer>().notNull(),
  },
  (t) => [
    index('seat_offers_call_idx').on(t.callId),
    // A seat has at most one ringing offer.
    uniqueIndex('seat_offers_ringing_key').on(t.operatorId).where(sql`${t.state} = 'offered'`),
  ],
);
