import type {
  CallbackSecretStatus,
  RotatedCallbackSecret,
  CompanyCreateInput,
  CompanyCreated,
  CompanyListItem,
  CompanyPermissions,
  CompanyQuery,
  CompanyUpdateInput,
  GrantItem,
  GrantQuery,
  Page,
  SetCompanyPermissionsInput,
  SetGrantsInput,
  SetGrantsResult,
} from '@dialwise/contracts';
import { companyEndpoints, callbackEndpoints } from '@dialwise/contracts';
import { api } from '../../../api/client.ts';

export const companiesKey = ['operation', 'companies'] as const;

export async function listCompanies(query: Partial<CompanyQuery>): Promise<Page<CompanyListItem>> {
  return api(companyEndpoints.list, query);
}
export async function getCompany(id: string): Promise<CompanyListItem> {
  return api(companyEndpoints.get, { id });
}
export async function createCompany(input: CompanyCreateInput): Promise<CompanyCreated> {
  return api(companyEndpoints.create, input);
}
export async function updateCompany(input: CompanyUpdateInput): Promise<CompanyListItem> {
  return api(companyEndpoints.update, input);
}
export async function deleteCompany(id: string): Promise<CompanyListItem> {
  return api(companyEndpoints.delete, { id });
}
export async function restoreCompany(id: string): Promise<CompanyListItem> {
  return api(companyEndpoints.restore, { id });
}
export async function listGrants(query: GrantQuery): Promise<GrantItem[]> {
  return api(companyEndpoints.grants, query);
}
export async function setGrants(input: SetGrantsInput): Promise<SetGrantsResult> {
  return api(companyEndpoints.setGrants, input);
}
export async function getPermissions(companyId: string): Promise<CompanyPermissions> {
  return api(companyEndpoints.permissions, { companyId });
}
export async function setPermissions(input: SetCompanyPermissionsInput): Promise<CompanyPermissions> {
  return api(companyEndpoints.setPermissions, input);
}

export async function getCallbackSecretStatus(companyId: string): Promise<CallbackSecretStatus> {
  return api(callbackEndpoints.secret, { companyId });
}
export async function rotateCallbackSecret(companyId: string): Promise<RotatedCallbackSecret> {
  return api(callbackEndpoints.rotateSecret, { companyId });
}
