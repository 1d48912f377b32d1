import { translate, type Locale, type OperationLog } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { listAudit } from '../audit/list-audit.ts';

/**
 * `GET /api/operation/log`: the company's audit log in the template's shape — what changed (entity and
 * id), the action as the status, who and when. Newest first.
 */
export async function listOperationLog(ctx: ActionContext, query: { entity?: string }, locale: Locale): Promise<OperationLog[]> {
  const page = await listAudit(ctx, { page: 1, pageSize: 20, entity: query.entity });
  return page.list.map((entry) => {
    const actionKey = `log.action.${entry.action}`;
    const action = translate(actionKey, locale);
    return {
      key: entry.id,
      contentNumber: entry.entityId ? `${entry.entity}·${entry.entityId.slice(0, 8)}` : entry.entity,
      updateContent: `${action === actionKey ? entry.action : action} ${entry.entity}`,
      status: entry.action,
      actor: entry.actorName,
      updateTime: entry.at,
    };
  });
}
