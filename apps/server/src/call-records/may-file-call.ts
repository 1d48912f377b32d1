import type { Actor } from '../auth/actor.ts';

/**
 * Who may file a call's disposition (issue type, resolution status, note), from the seat or later from the
 * call-record drawer: the agent whose seat took it, or an ADMIN of its company (who files or corrects for an
 * agent). Only calls a seat took have anything to file. The caller's company is checked by the query that
 * found the call; this is the rule within it, written once for the drawer's `canFile` and the save.
 */
export function mayFileCall(actor: Actor, call: { operatorId: string | null }): boolean {
  if (call.operatorId === null) return false;
  if (actor.role === 'OPR') return call.operatorId === actor.userId;
  return actor.role === 'ADMIN';
}
