import { sql } from 'drizzle-orm';
import { DEFAULT_COMPANY_PERMISSIONS, type CompanyPermissions } from '@dialwise/contracts';
import { bigserial, boolean, index, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editVersion } from './tables/common.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A tenant. The provider's own company (is_provider) is where DEV staff live. */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    suffix: text('suffix').notNull(),
    adminEmail: text('admin_email').notNull(),
    state: text('state', { enum: ['normal', 'deleted'] })
      .notNull()
      .default('normal'),
    timezone: text('timezone').notNull().default('UTC'),
    /** Local dates (YYYY-MM-DD) on which none of its tasks calls: holidays, read in the zone the window is read in. */
    quietDays: text('quiet_days').array().notNull().default(sql`'{}'::text[]`),
    isProvider: boolean('is_provider').notNull().default(false),
    /** What the provider allows this company (operation area; read through `getCompanyPermissions`). */
    permissions: jsonb('permissions').$type<CompanyPermissions>().notNull().default(DEFAULT_COMPANY_PERMISSIONS),
    /** Signs the company's callbacks (HMAC-SHA256); sealed at rest, shown once when rotated. */
    callbackSecretSealed: text('callback_secret_sealed'),
    callbackSecretRotatedAt: timestamp('callback_secret_rotated_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: editVersion(),
  },
  (t) => [
    uniqueIndex('companies_name_key').on(t.name),
    // The suffix names the company in its accounts' user names (admin_<suffix>), so no two companies share one.
    uniqueIndex('companies_suffix_key').on(sql`lower(${t.suffix})`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The short numeric id the console shows as userID. */
    userNo: serial('user_no').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    username: text('username').notNull(),
    alias: text('alias').notNull(),
    email: text('email').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    authLevel: text('auth_level', { enum: ['ADMIN', 'DEV', 'OPR'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: editVersion(),
  },
  (t) => [
    // Sign-in takes a user name or a phone number without a company, so both are unique platform-wide.
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_key').on(t.phoneNumber).where(sql`${t.phoneNumber} <> ''`),
    index('users_company_idx').on(t.companyId),
  ],
);

export const REVOKE_REASONS = ['logout', 'forced', 'admin'] as const;

/** Opaque sessions: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    remember: boolean('remember').notNull().default(false),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedReason: text('revoked_reason', { enum: REVOKE_REASONS }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_live_idx').on(t.userId).where(sql`${t.revokedAt} is null`),
  ],
);

/** Every write, through `recordAudit` in the writer's own transaction. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    companyId: uuid('company_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    traceId: text('trace_id'),
  },
  (t) => [index('audit_company_at_idx').on(t.companyId, t.at)],
);

/** Requests filed from the login page: access (register) and password resets. */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['register', 'password_reset'] }).notNull(),
    companyId: uuid('company_id').references(() => companies.id),
    userId: uuid('user_id').references(() => users.id),
    username: text('username'),
    payload: jsonb('payload').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    ip: text('ip'),
    createdAt: createdAt(),
    /** How it was closed (null while open): a password set, a company created, or dismissed. */
    outcome: text('outcome', { enum: ['password_reset', 'company_created', 'dismissed'] }),
    resolution: jsonb('resolution').$type<Record<string, string>>().notNull().default({}),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedByName: text('resolved_by_name'),
  },
  (t) => [index('access_requests_company_idx').on(t.companyId, t.createdAt)],
);

// Each later area keeps its tables in `tables/<area>.ts`, re-exported from here (drizzle-kit and the
// drivers read this one file).
export * from './tables/sip-lines.ts';
export * from './tables/voices.ts';
export * from './tables/llms.ts';
export * from './tables/processors.ts';
export * from './tables/scenarios.ts';
export * from './tables/company-grants.ts';
export * from './tables/tags.ts';
export * from './tables/dnc.ts';
export * from './tables/projects.ts';
export * from './tables/tasks.ts';
export * from './tables/subtasks.ts';
export * from './tables/calls.ts';
export * from './tables/dnc.ts';
export * from './tables/boards.ts';
export * from './tables/callbacks.ts';
export * from './tables/seats.ts';
export * from './tables/speech-credentials.ts';
export * from './tables/templates.ts';
export * from './tables/api-keys.ts';
