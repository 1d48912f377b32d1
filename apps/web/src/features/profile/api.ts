import type { ChangePasswordInput, ProfileUpdate, SelfInfo } from '@dialwise/contracts';
import { authEndpoints } from '@dialwise/contracts';
import { api } from '../../api/client.ts';

export async function getSelfInfo(): Promise<SelfInfo> {
  return api(authEndpoints.selfInfo);
}

export async function updateSelfInfo(input: ProfileUpdate): Promise<SelfInfo> {
  return api(authEndpoints.updateSelfInfo, input);
}

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api(authEndpoints.changePassword, input);
}
