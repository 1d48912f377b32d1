import { and, asc, count, ilike, or, type SQL } from 'drizzle-orm';
import type { Page, Tag, TagQuery } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { tags } from '../../db/schema.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { tagItemQuery, toTag } from './tag-item.ts';
import { readPage } from '../../db/read-page.ts';

/** The tag catalogue, by alias; keyword over name, alias and description. */
export async function listTags(ctx: ActionContext, query: TagQuery): Promise<Page<Tag>> {
  const filters: SQL[] = [];
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    filters.push(or(ilike(tags.name, pattern), ilike(tags.alias, pattern), ilike(tags.description, pattern))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const { rows, total } = await readPage(
    query,
    tagItemQuery(ctx.db).where(where).orderBy(asc(tags.alias)).$dynamic(),
    ctx.db.select({ n: count() }).from(tags).where(where),
  );
  return { total, list: rows.map(toTag) };
}
