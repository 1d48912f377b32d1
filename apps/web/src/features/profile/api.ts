import type { ChangePasswordInput, ProfileUpdate, SelfInfo } from '@dialwise/contracts';
import { post } from '../../api/client.ts';

export async function getSelfInfo(): Promise<SelfInfo> {
  return (await post<SelfInfo>('/api/user/getSelfInfo')).data;
}

export async function updateSelfInfo(input: ProfileUpdate): Promise<SelfInfo> {
  return (await post<SelfInfo>('/api/user/updateSelfInfo', input)).data;
}

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await post<null>('/api/user/changePassword', input);
}
