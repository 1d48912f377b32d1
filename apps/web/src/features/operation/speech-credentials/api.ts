import type { SpeechCredential, SpeechCredentialSaveInput, SpeechProvider } from '@dialwise/contracts';
import { speechCredentialEndpoints } from '@dialwise/contracts';
import { api } from '../../../api/client.ts';

export const speechCredentialsKey = (companyId: string) => ['operation', 'speech-credentials', companyId] as const;

export async function listSpeechCredentials(companyId: string): Promise<SpeechCredential[]> {
  return api(speechCredentialEndpoints.list, { companyId });
}
export async function saveSpeechCredential(input: SpeechCredentialSaveInput): Promise<SpeechCredential> {
  return api(speechCredentialEndpoints.save, input);
}
export async function deleteSpeechCredential(companyId: string, provider: SpeechProvider): Promise<void> {
  await api(speechCredentialEndpoints.delete, { companyId, provider });
}
