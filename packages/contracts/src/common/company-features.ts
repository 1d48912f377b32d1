import { z } from 'zod';

/**
 * Operation features a company may be allowed (its permissions, set by the provider's staff). Routes, menus and
 * the server's areas check them (`getCompanyPermissions` on the server).
 */
export const COMPANY_FEATURES = ['doNotCall', 'realtimeDashboard', 'csvExport', 'customEncryption'] as const;
export const companyFeatureSchema = z.enum(COMPANY_FEATURES);
export type CompanyFeature = z.infer<typeof companyFeatureSchema>;
