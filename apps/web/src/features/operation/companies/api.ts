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
import { post } from '../../../api/client.ts';

const base = '/api/operation/companies';

export const companiesKey = ['operation', 'companies'] as const;

export async function listCompanies(query: Partial<CompanyQuery>): Promise<Page<CompanyListItem>> {
  return (await post<Page<CompanyListItem>>(`${base}/list`, query)).data;
}
export async function getCompany(id: string): Promise<CompanyListItem> {
  return (await post<CompanyListItem>(`${base}/get`, { id })).data;
}
export async function createCompany(input: CompanyCreateInput): Promise<CompanyCreated> {
  return (await post<CompanyCreated>(`${base}/create`, input)).data;
}
export async function updateCompany(input: CompanyUpdateInput): Promise<CompanyListItem> {
  return (await post<CompanyListItem>(`${base}/update`, input)).data;
}
export async function deleteCompany(id: string): Promise<CompanyListItem> {
  return (await post<CompanyListItem>(`${base}/delete`, { id })).data;
}
export async function restoreCompany(id: string): Promise<CompanyListItem> {
  return (await post<CompanyListItem>(`${base}/restore`, { id })).data;
}
export async function listGrants(query: GrantQuery): Promise<GrantItem[]> {
  return (await post<GrantItem[]>(`${base}/grants`, query)).data;
}
export async function setGrants(input: SetGrantsInput): Promise<SetGrantsResult> {
  return (await post<SetGrantsResult>(`${base}/setGrants`, input)).data;
}
export async function getPermissions(companyId: string): Promise<CompanyPermissions> {
  return (await post<CompanyPermissions>(`${base}/permissions`, { companyId })).data;
}
export async function setPermissions(input: SetCompanyPermissionsInput): Promise<CompanyPermissions> {
  return (await post<CompanyPermissions>(`${base}/setPermissions`, input)).data;
}

export async function getCallbackSecretStatus(companyId: string): Promise<CallbackSecretStatus> {
  return (await post<CallbackSecretStatus>(`${base}/callback-secret`, { companyId })).data;
}
export async function rotateCallbackSecret(companyId: string): Promise<RotatedCallbackSecret> {
  return (await post<RotatedCallbackSecret>(`${base}/callback-secret/rotate`, { companyId })).data;
}
