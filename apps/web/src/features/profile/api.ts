import type { ChangePasswordInput, ProfileInput, SelfInfo } from '@dialwise/contracts';
import { authEndpoints } from '@dialwise/contracts';
import { api } from '../../api/client.ts';

export async function updateSelfInfo(input: ProfileInput): Promise<SelfInfo> {
  return api(authEndpoints.updateSelfInfo, input);
}

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await api(authEndpoints.changePassword, input);
}
