import type { ApiKeyScope, Role } from '@dialwise/contracts';
import type { Db } from '../db/client.ts';

/** Who is calling: every action takes this (tenancy is a parameter, never a global). */
export interface Actor {
  userId: string;
  username: string;
  companyId: string;
  role: Role;
  sessionId: string;
  /**
   * Set when the caller is an API key rather than a person's session: the key acts with `role` in its company,
   * `userId` is its creator's, `username` names the key (what the audit log shows) and `sessionId` is the key's id.
   */
  apiKey?: { id: string; name: string; scope: ApiKeyScope };
}

/** What an action needs from the request: the database, the caller and the trace id for the audit log. */
export interface ActionContext {
  db: Db;
  actor: Actor;
  traceId: string;
}
