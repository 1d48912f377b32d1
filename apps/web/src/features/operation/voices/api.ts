import type { Page, Voice, VoiceInput, VoiceQuery, VoiceUpdateInput } from '@dialwise/contracts';
import { voiceEndpoints } from '@dialwise/contracts';
import { api } from '../../../api/client.ts';

export const voicesKey = ['operation', 'voices'] as const;

export async function listVoices(query: Partial<VoiceQuery>): Promise<Page<Voice>> {
  return api(voiceEndpoints.list, query);
}
export async function getVoice(id: string): Promise<Voice> {
  return api(voiceEndpoints.get, { id });
}
export async function createVoice(input: VoiceInput): Promise<Voice> {
  return api(voiceEndpoints.create, input);
}
export async function updateVoice(input: VoiceUpdateInput): Promise<Voice> {
  return api(voiceEndpoints.update, input);
}
export async function deleteVoice(id: string): Promise<void> {
  await api(voiceEndpoints.delete, { id });
}
