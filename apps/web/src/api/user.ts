import type {
  AppRoute,
  ForgotPasswordInput,
  LoginInput,
  LoginResult,
  RegisterInput,
  SelfInfo,
  SignedInElsewhere,
} from '@dialwise/contracts';
import { ErrorCode } from '@dialwise/contracts';
import { post } from './client.ts';

export type LoginAnswer = { kind: 'signedIn'; result: LoginResult } | { kind: 'elsewhere'; info: SignedInElsewhere };

export async function login(input: LoginInput): Promise<LoginAnswer> {
  const envelope = await post<LoginResult | SignedInElsewhere>('/api/user/login', input);
  if (envelope.code === ErrorCode.PASS_THROUGH) return { kind: 'elsewhere', info: envelope.data as SignedInElsewhere };
  return { kind: 'signedIn', result: envelope.data as LoginResult };
}

export async function logout(): Promise<void> {
  await post('/api/user/logout');
}

export async function getSelfInfo(): Promise<SelfInfo> {
  return (await post<SelfInfo>('/api/user/getSelfInfo')).data;
}

export async function getServerMenu(): Promise<AppRoute[]> {
  return (await post<AppRoute[]>('/api/user/menu')).data;
}

export async function forgotPassword(input: ForgotPasswordInput): Promise<string> {
  return (await post<null>('/api/user/forgotPassword', input)).message;
}

export async function register(input: RegisterInput): Promise<string> {
  return (await post<null>('/api/user/register', input)).message;
}
