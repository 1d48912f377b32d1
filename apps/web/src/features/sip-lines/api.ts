import type { Page, SipLine, SipLineCreate, SipLineQuery, SipLineUpdate } from '@dialwise/contracts';
import { sipLineEndpoints } from '@dialwise/contracts';
import { api } from '../../api/client.ts';

export async function listSipLines(query: Partial<SipLineQuery>): Promise<Page<SipLine>> {
  return api(sipLineEndpoints.list, query);
}

export async function createSipLine(input: SipLineCreate): Promise<SipLine> {
  return api(sipLineEndpoints.create, input);
}

export async function getSipLine(id: string, companyId?: string): Promise<SipLine> {
  return api(sipLineEndpoints.get, { id, companyId });
}

export async function updateSipLine(input: SipLineUpdate): Promise<SipLine> {
  return api(sipLineEndpoints.update, input);
}
