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
import { companyEndpoints } from '@dialwise/contracts';
import { post, api } from '../../../api/client.ts';

const base = '/api/operation/companies';

export const companiesKey = ['operation', 'companies'] as const;

export async function listCompanies(query: Partial<CompanyQuery>): Promise<Page<CompanyListItem>> {
  return api(companyEndpoints.list, query);
}
export async function getCompany(id: string): Promise<CompanyListItem> {
  return (await post<CompanyListItem>(`${base}/get`, { id })).data;
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
  return (await post<CallbackSecretStatus>(`${base}/callback-secret`, { companyId })).data;
}
export async function rotateCallbackSecret(companyId: string): Promise<RotatedCallbackSecret> {
  return (await post<RotatedCallbackSecret>(`${base}/callback-secret/rotate`, { companyId })).data;
}
