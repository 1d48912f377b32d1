import { translate, type Locale, type OperationLog } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { listAudit } from '../audit/list-audit.ts';

/**
 * `GET /api/operation/log`: the company's audit log in the template's shape — what changed (the entity in
 * the reader's language and the id's first characters), the change, the action as the status (its key; the
 * console labels it), who and when. Newest first. The basic profile asks for its media parameters' entries.
 */
export async function listOperationLog(ctx: ActionContext, query: { entity?: string }, locale: Locale): Promise<OperationLog[]> {
  const page = await listAudit(ctx, { page: 1, pageSize: 20, entity: query.entity });
  // A key without a message reads as itself: entities and actions of other areas show their names.
  const say = (key: string, fallback: string) => {
    const text = translate(key, locale);
    return text === key ? fallback : text;
  };
  return page.list.map((entry) => {
    const entity = say(`log.entity.${entry.entity}`, entry.entity);
    const action = say(`log.action.${entry.action}`, entry.action);
    return {
      key: entry.id,
      contentNumber: entry.entityId ? `${entity} · ${entry.entityId.slice(0, 8)}` : entity,
      updateContent: say(`log.change.${entry.entity}.${entry.action}`, `${action} ${entity}`),
      status: entry.action,
      actor: entry.actorName,
      updateTime: entry.at,
    };
  });
}
