import type { Locale } from '../common/locale.ts';

/** The signed-in user's own profile: the self-info form's alias rule and the password change's refusal. */
export const PROFILE_MESSAGES = {
  'v.alias.profile': { 'en-US': 'Alias must be 5–10 characters', 'zh-CN': '别名长度须为 5–10 个字符' },
  'e.wrongCurrentPassword': { 'en-US': 'The current password is incorrect', 'zh-CN': '当前密码不正确' },
} as const satisfies Record<string, Record<Locale, string>>;
