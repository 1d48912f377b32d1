import type { SpeechCredential, SpeechCredentialSaveInput, SpeechProvider } from '@dialwise/contracts';
import { post } from '../../../api/client.ts';

const base = '/api/operation/speech-credentials';

export const speechCredentialsKey = (companyId: string) => ['operation', 'speech-credentials', companyId] as const;

export async function listSpeechCredentials(companyId: string): Promise<SpeechCredential[]> {
  return (await post<SpeechCredential[]>(`${base}/list`, { companyId })).data;
}
export async function saveSpeechCredential(input: SpeechCredentialSaveInput): Promise<SpeechCredential> {
  return (await post<SpeechCredential>(`${base}/save`, input)).data;
}
export async function deleteSpeechCredential(companyId: string, provider: SpeechProvider): Promise<void> {
  await post<null>(`${base}/delete`, { companyId, provider });
}
