import { eq, getTableColumns, sql } from 'drizzle-orm';
import { ErrorCode, type Voice } from '@dialwise/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { companyGrants, voices } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { authorNames, authorship, joinAuthors } from '../sql-helpers.ts';

/** Voice rows with who created / changed them and how many companies they are granted to. */
export function voiceItemQuery(db: DbOrTx) {
  return joinAuthors(
    db
      .select({
        ...getTableColumns(voices),
        ...authorNames,
        grantedCompanies: sql<number>`(select count(*)::int from ${companyGrants} where ${companyGrants.kind} = 'voice' and ${companyGrants.refId} = ${voices.id})`,
      })
      .from(voices)
      .$dynamic(),
    voices,
  );
}

type VoiceRow = Awaited<ReturnType<typeof voiceItemQuery>>[number];

export function toVoice(row: VoiceRow): Voice {
  return {
    id: row.id,
    version: row.version,
    uuid: row.uuid,
    nickname: row.nickname,
    vendor: row.vendor,
    clusterKey: row.clusterKey,
    originalVoiceId: row.originalVoiceId,
    grantedCompanies: Number(row.grantedCompanies),
    ...authorship(row),
  };
}

export async function getVoice(db: DbOrTx, id: string): Promise<Voice> {
  const [row] = await voiceItemQuery(db).where(eq(voices.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  return toVoice(row);
}

export async function assertNicknameFree(db: DbOrTx, nickname: string, exceptId?: string): Promise<void> {
  const [taken] = await db.select({ id: voices.id }).from(voices).where(sql`lower(${voices.nickname}) = lower(${nickname})`).limit(1);
  if (taken && taken.id !== exceptId) throw new AppError(ErrorCode.CONFLICT, 'e.voice.nicknameTaken', { nickname });
}

export function nicknameConflict(error: unknown, nickname: string): AppError | null {
  return isUniqueViolation(error, 'voices_nickname_key') ? new AppError(ErrorCode.CONFLICT, 'e.voice.nicknameTaken', { nickname }) : null;
}
