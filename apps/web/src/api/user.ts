import type {
  AppRoute,
  ForgotPasswordInput,
  LoginInput,
  LoginResult,
  RegisterInput,
  SelfInfo,
  SignedInElsewhere,
} from '@dialwise/contracts';
import { authEndpoints, ErrorCode, signedInElsewhereSchema } from '@dialwise/contracts';
import { api, apiEnvelope } from './client.ts';

export type LoginAnswer = { kind: 'signedIn'; result: LoginResult } | { kind: 'elsewhere'; info: SignedInElsewhere };

export async function login(input: LoginInput): Promise<LoginAnswer> {
  const envelope = await apiEnvelope(authEndpoints.login, input);
  // 451 answers with what the success schema does not describe: where the session is held.
  if (envelope.code === ErrorCode.PASS_THROUGH) return { kind: 'elsewhere', info: signedInElsewhereSchema.parse(envelope.data) };
  return { kind: 'signedIn', result: envelope.data };
}

export async function logout(): Promise<void> {
  await api(authEndpoints.logout);
}

export async function getSelfInfo(): Promise<SelfInfo> {
  return api(authEndpoints.selfInfo);
}

export async function getServerMenu(): Promise<AppRoute[]> {
  return api(authEndpoints.menu);
}

export async function forgotPassword(input: ForgotPasswordInput): Promise<string> {
  return (await apiEnvelope(authEndpoints.forgotPassword, input)).message;
}

export async function register(input: RegisterInput): Promise<string> {
  return (await apiEnvelope(authEndpoints.register, input)).message;
}
