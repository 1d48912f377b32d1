import type { Account, AccountCreate, AccountQuery, AccountUpdate, CompanyOption, Page } from '@dialwise/contracts';
import { accountEndpoints } from '@dialwise/contracts';
import { api } from '../../api/client.ts';

export async function listAccounts(query: Partial<AccountQuery>): Promise<Page<Account>> {
  return api(accountEndpoints.list, query);
}

export async function createAccount(input: AccountCreate): Promise<Account> {
  return api(accountEndpoints.create, input);
}

export async function getAccount(id: string, companyId?: string): Promise<Account> {
  return api(accountEndpoints.get, { id, companyId });
}

export async function updateAccount(input: AccountUpdate): Promise<Account> {
  return api(accountEndpoints.update, input);
}

/** DEV only: the companies whose accounts and SIP lines provider staff may manage. */
export async function listManagedCompanies(): Promise<CompanyOption[]> {
  return api(accountEndpoints.companies);
}
