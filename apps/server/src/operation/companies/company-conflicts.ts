import { and, ne, sql, eq, type SQL } from 'drizzle-orm';
import { ErrorCode } from '@dialwise/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { companies, users } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { violatedUniqueIndex } from '../../db/unique-violation.ts';

/**
 * Refuses a name or suffix another company holds (409 naming it). The unique indexes stay the last word
 * under races: `conflictFromViolation` maps what they raise to the same answers.
 */
export async function assertCompanyFree(db: DbOrTx, values: { name: string; suffix: string }, exceptId?: string): Promise<void> {
  const notSelf = (where: SQL) => (exceptId ? and(where, ne(companies.id, exceptId))! : where);
  const [byName] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(notSelf(eq(companies.name, values.name)))
    .limit(1);
  if (byName) throw new AppError(ErrorCode.CONFLICT, 'e.company.nameTaken', { name: values.name });
  const [bySuffix] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(notSelf(sql`lower(${companies.suffix}) = lower(${values.suffix})`))
    .limit(1);
  if (bySuffix) throw new AppError(ErrorCode.CONFLICT, 'e.company.suffixTaken', { suffix: values.suffix });
}

export async function assertUsernameFree(db: DbOrTx, username: string): Promise<void> {
  const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
  if (taken) throw new AppError(ErrorCode.CONFLICT, 'e.company.usernameTaken', { username });
}

export function conflictFromViolation(error: unknown, values: { name: string; suffix: string; username?: string }): AppError | null {
  switch (violatedUniqueIndex(error)) {
    case 'companies_name_key':
      return new AppError(ErrorCode.CONFLICT, 'e.company.nameTaken', { name: values.name });
    case 'companies_suffix_key':
      return new AppError(ErrorCode.CONFLICT, 'e.company.suffixTaken', { suffix: values.suffix });
    case 'users_username_key':
      return new AppError(ErrorCode.CONFLICT, 'e.company.usernameTaken', { username: values.username ?? '' });
    default:
      return null;
  }
}
