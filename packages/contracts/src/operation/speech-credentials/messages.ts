import type { Locale } from '../../common/locale.ts';

/** Speech provider credentials (operation area): errors and field labels. */
export const SPEECH_CREDENTIALS_MESSAGES = {
  'e.speechCredential.secretRequired': { 'en-US': '{field} is required', 'zh-CN': '{field}不能为空' },
  'e.speechCredential.aliAuth': {
    'en-US': 'Enter a token, or an AccessKey ID with its AccessKey secret (recommended: tokens expire daily)',
    'zh-CN': '请填写 Token，或 AccessKey ID 及其 AccessKey Secret（推荐后者：Token 每天过期）',
  },
  'e.speechCredential.unreadable': {
    'en-US': 'The stored credentials cannot be opened (was the secret key changed?); enter them again',
    'zh-CN': '无法解密已保存的凭据（密钥文件是否已更换？），请重新填写',
  },
  'f.appKey': { 'en-US': 'AppKey', 'zh-CN': 'AppKey' },
  'f.accessKeyId': { 'en-US': 'AccessKey ID', 'zh-CN': 'AccessKey ID' },
  'f.accessKeySecret': { 'en-US': 'AccessKey secret', 'zh-CN': 'AccessKey Secret' },
  'f.token': { 'en-US': 'Token', 'zh-CN': 'Token' },
  'f.appId': { 'en-US': 'App ID', 'zh-CN': 'App ID' },
  'f.accessToken': { 'en-US': 'Access token', 'zh-CN': 'Access Token' },
  'f.asrResourceId': { 'en-US': 'ASR resource ID', 'zh-CN': 'ASR 资源 ID' },
  'f.subscriptionKey': { 'en-US': 'Subscription key', 'zh-CN': '订阅密钥' },
  'f.region': { 'en-US': 'Region', 'zh-CN': '区域' },
  'f.groupId': { 'en-US': 'Group ID', 'zh-CN': 'Group ID' },
  'f.fields': { 'en-US': 'Credentials', 'zh-CN': '凭据' },
} as const satisfies Record<string, Record<Locale, string>>;
