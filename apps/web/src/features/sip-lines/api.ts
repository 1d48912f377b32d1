import type { Page, SipLine, SipLineCreate, SipLineQuery, SipLineUpdate } from '@dialwise/contracts';
import { post } from '../../api/client.ts';

export async function listSipLines(query: Partial<SipLineQuery>): Promise<Page<SipLine>> {
  return (await post<Page<SipLine>>('/api/sip-lines/list', query)).data;
}

export async function createSipLine(input: Partial<SipLineCreate>): Promise<SipLine> {
  return (await post<SipLine>('/api/sip-lines/create', input)).data;
}

export async function getSipLine(id: string, companyId?: string): Promise<SipLine> {
  return (await post<SipLine>('/api/sip-lines/get', { id, companyId })).data;
}

export async function updateSipLine(input: SipLineUpdate): Promise<SipLine> {
  return (await post<SipLine>('/api/sip-lines/update', input)).data;
}
