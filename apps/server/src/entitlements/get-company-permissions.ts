/**
 * Company entitlements: what the provider allows a customer company (features such as do-not-call or the
 * real-time dashboard, number reveal, the concurrency cap). The operation area sets them; every area reads
 * them through this folder, not through the operation area.
 */
import { eq } from 'drizzle-orm';
import { COMPANY_FEATURES, DEFAULT_COMPANY_PERMISSIONS, companyPermissionsSchema, type CompanyPermissions } from '@dialwise/contracts';
import type { DbOrTx } from '../db/client.ts';
import { companies } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

/** Stored JSON → permissions: missing keys take the defaults, features are de-duplicated in catalogue order. */
export function normalizePermissions(stored: unknown): CompanyPermissions {
  const merged = { ...DEFAULT_COMPANY_PERMISSIONS, ...(stored && typeof stored === 'object' ? stored : {}) };
  const parsed = companyPermissionsSchema.safeParse(merged);
  const value = parsed.success ? parsed.data : DEFAULT_COMPANY_PERMISSIONS;
  return { ...value, features: COMPANY_FEATURES.filter((feature) => value.features.includes(feature)) };
}

/**
 * What the provider allows a company: number reveal, the concurrency cap across all its tasks, and the
 * operation features it may use. Other areas call this before offering or doing any of those things.
 * An unknown company id answers 404.
 */
export async function getCompanyPermissions(db: DbOrTx, companyId: string): Promise<CompanyPermissions> {
  const [row] = await db.select({ permissions: companies.permissions }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) throw AppError.notFound();
  return normalizePermissions(row.permissions);
}
