import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';

/**
 * For the dialer and anything that acts for a company without a request: false once the provider has
 * deleted the company (or for an id that is no company), so its tasks stop being dialled.
 */
export async function isCompanyActive(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db.select({ state: companies.state }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.state === 'normal';
}
