import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Page, Voice, VoiceQuery } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { voices } from '../../db/schema.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { toVoice, voiceItemQuery } from './voice-item.ts';
import { readPage } from '../../db/read-page.ts';

/** The voice catalogue, by nickname; keyword over nickname and original voice id, filter by vendor. */
export async function listVoices(ctx: ActionContext, query: VoiceQuery): Promise<Page<Voice>> {
  const filters: SQL[] = [];
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    filters.push(or(ilike(voices.nickname, pattern), ilike(voices.originalVoiceId, pattern))!);
  }
  if (query.vendor) filters.push(eq(voices.vendor, query.vendor));
  const where = filters.length ? and(...filters) : undefined;
  const { rows, total } = await readPage(
    query,
    voiceItemQuery(ctx.db).where(where).orderBy(asc(voices.nickname), asc(voices.id)).$dynamic(),
    ctx.db.select({ n: count() }).from(voices).where(where),
  );
  return { total, list: rows.map(toVoice) };
}
