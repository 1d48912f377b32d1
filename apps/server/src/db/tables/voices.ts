import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { VOICE_VENDORS } from '@dialwise/contracts';
import { users } from './users.ts';
import { createdAt, editVersion, updatedAt } from './common.ts';

/**
 * A TTS voice of the platform's catalogue (operation area). Companies use the voices granted to them
 * (`company_grants`). `vendor` is the spec's "company" of a voice: the TTS vendor that serves it.
 * `uuid` is the voice's public reference, set once; `id` stays internal.
 */
export const voices = pgTable(
  'voices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    nickname: text('nickname').notNull(),
    vendor: text('vendor', { enum: VOICE_VENDORS }).notNull(),
    clusterKey: text('cluster_key').notNull().default(''),
    originalVoiceId: text('original_voice_id').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: editVersion(),
  },
  (t) => [uniqueIndex('voices_nickname_key').on(sql`lower(${t.nickname})`), uniqueIndex('voices_uuid_key').on(t.uuid)],
);
