import { ErrorCode, type CompanyFeature } from '@dialwise/contracts';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { getCompanyPermissions } from './get-company-permissions.ts';

/**
 * Refuses (403, saying which feature and who can turn it on) when the provider has not enabled a feature
 * for the company. Areas call it once they know the company the request acts on.
 */
export async function requireFeature(db: DbOrTx, companyId: string, feature: CompanyFeature): Promise<void> {
  const { features } = await getCompanyPermissions(db, companyId);
  if (!features.includes(feature)) throw new AppError(ErrorCode.FORBIDDEN, `e.feature.${feature}`);
}
