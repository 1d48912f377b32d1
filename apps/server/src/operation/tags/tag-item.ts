import { eq, getTableColumns } from 'drizzle-orm';
import { ErrorCode, type Tag } from '@dialwise/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { tags } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { authorNames, authorship, joinAuthors } from '../sql-helpers.ts';

/** Tag rows with who created / changed them. */
export function tagItemQuery(db: DbOrTx) {
  return joinAuthors(
    db
      .select({ ...getTableColumns(tags), ...authorNames })
      .from(tags)
      .$dynamic(),
    tags,
  );
}

type TagRow = Awaited<ReturnType<typeof tagItemQuery>>[number];

export function toTag(row: TagRow): Tag {
  return {
    id: row.id,
    version: row.version,
    uuid: row.uuid,
    name: row.name,
    alias: row.alias,
    description: row.description,
    ...authorship(row),
  };
}

export async function getTag(db: DbOrTx, id: string): Promise<Tag> {
  const [row] = await tagItemQuery(db).where(eq(tags.id, id)).limit(1);
  if (!row) throw AppError.notFound();
  return toTag(row);
}

/** Aliases are how scenarios name tags, so no two tags share one. */
export async function assertAliasFree(db: DbOrTx, alias: string, exceptId?: string): Promise<void> {
  const [taken] = await db.select({ id: tags.id }).from(tags).where(eq(tags.alias, alias)).limit(1);
  if (taken && taken.id !== exceptId) throw new AppError(ErrorCode.CONFLICT, 'e.tag.aliasTaken', { alias });
}

export function aliasConflict(error: unknown, alias: string): AppError | null {
  return isUniqueViolation(error, 'tags_alias_key') ? new AppError(ErrorCode.CONFLICT, 'e.tag.aliasTaken', { alias }) : null;
}
