import type { Role } from '@dialwise/contracts';
import type { Db } from '../db/client.ts';

/** Who is calling: every action takes this (tenancy is a parameter, never a global). */
export interface Actor {
  userId: string;
  username: string;
  companyId: string;
  role: Role;
  sessionId: string;
}

/** What an action needs from the request: the database, the caller and the trace id for the audit log. */
export interface ActionContext {
  db: Db;
  actor: Actor;
  traceId: string;
}
