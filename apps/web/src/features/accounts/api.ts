import type { Account, AccountCreate, AccountQuery, AccountUpdate, CompanyOption, Page } from '@dialwise/contracts';
import { post } from '../../api/client.ts';

export async function listAccounts(query: Partial<AccountQuery>): Promise<Page<Account>> {
  return (await post<Page<Account>>('/api/accounts/list', query)).data;
}

export async function createAccount(input: Partial<AccountCreate>): Promise<Account> {
  return (await post<Account>('/api/accounts/create', input)).data;
}

export async function getAccount(id: string, companyId?: string): Promise<Account> {
  return (await post<Account>('/api/accounts/get', { id, companyId })).data;
}

export async function updateAccount(input: AccountUpdate): Promise<Account> {
  return (await post<Account>('/api/accounts/update', input)).data;
}

/** DEV only: the companies whose accounts and SIP lines provider staff may manage. */
export async function listManagedCompanies(): Promise<CompanyOption[]> {
  return (await post<CompanyOption[]>('/api/accounts/companies')).data;
}
