import type {
  AccessRequest,
  AccessRequestNotice,
  AccessRequestQuery,
  CompanyCreated,
  CompanyFromRequest,
  DismissAccessRequest,
  Page,
  ResetFromRequest,
} from '@dialwise/contracts';
import { accessRequestEndpoints } from '@dialwise/contracts';
import { api } from '../../api/client.ts';

export const accessRequestsKey = ['access-requests'] as const;

export async function listAccessRequests(query: Partial<AccessRequestQuery>): Promise<Page<AccessRequest>> {
  return api(accessRequestEndpoints.list, query);
}
export async function accessRequestNotice(): Promise<AccessRequestNotice> {
  return api(accessRequestEndpoints.notice);
}
export async function resetPasswordFromRequest(input: ResetFromRequest): Promise<{ username: string }> {
  return api(accessRequestEndpoints.resetPassword, input);
}
export async function createCompanyFromRequest(input: CompanyFromRequest): Promise<CompanyCreated> {
  return api(accessRequestEndpoints.createCompany, input);
}
export async function dismissAccessRequest(input: DismissAccessRequest): Promise<void> {
  await api(accessRequestEndpoints.dismiss, input);
}
