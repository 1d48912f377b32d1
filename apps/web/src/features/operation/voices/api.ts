import type { Page, Voice, VoiceInput, VoiceQuery, VoiceUpdateInput } from '@dialwise/contracts';
import { post } from '../../../api/client.ts';

const base = '/api/operation/voices';

export const voicesKey = ['operation', 'voices'] as const;

export async function listVoices(query: Partial<VoiceQuery>): Promise<Page<Voice>> {
  return (await post<Page<Voice>>(`${base}/list`, query)).data;
}
export async function getVoice(id: string): Promise<Voice> {
  return (await post<Voice>(`${base}/get`, { id })).data;
}
export async function createVoice(input: VoiceInput): Promise<Voice> {
  return (await post<Voice>(`${base}/create`, input)).data;
}
export async function updateVoice(input: VoiceUpdateInput): Promise<Voice> {
  return (await post<Voice>(`${base}/update`, input)).data;
}
export async function deleteVoice(id: string): Promise<void> {
  await post<null>(`${base}/delete`, { id });
}
