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
import { post } from '../../api/client.ts';

const base = '/api/access-requests';

export const accessRequestsKey = ['access-requests'] as const;

export async function listAccessRequests(query: Partial<AccessRequestQuery>): Promise<Page<AccessRequest>> {
  return (await post<Page<AccessRequest>>(`${base}/list`, query)).data;
}
export async function accessRequestNotice(): Promise<AccessRequestNotice> {
  return (await post<AccessRequestNotice>(`${base}/notice`, {})).data;
}
export async function resetPasswordFromRequest(input: ResetFromRequest): Promise<{ username: string }> {
  return (await post<{ username: string }>(`${base}/resetPassword`, input)).data;
}
export async function createCompanyFromRequest(input: CompanyFromRequest): Promise<CompanyCreated> {
  return (await post<CompanyCreated>(`${base}/createCompany`, input)).data;
}
export async function dismissAccessRequest(input: DismissAccessRequest): Promise<void> {
  await post<null>(`${base}/dismiss`, input);
}
