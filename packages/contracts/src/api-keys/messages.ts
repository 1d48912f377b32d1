import type { Locale } from '../common/locale.ts';

/** API keys: refusals a key meets, form checks, idempotent retries and the push batch. */
export const API_KEYS_MESSAGES = {
  'e.apiKey.consoleOnly': {
    'en-US': 'API keys cannot use this endpoint; it is for the console only',
    'zh-CN': 'API 密钥不能调用此接口，该接口仅供控制台使用',
  },
  'e.apiKey.scope': {
    'en-US': 'This API key’s scope ({scope}) does not allow this operation; it needs {needed}',
    'zh-CN': '此 API 密钥的权限范围（{scope}）不允许此操作，需要 {needed}',
  },
  'e.apiKey.revoked': { 'en-US': 'This API key was revoked', 'zh-CN': '此 API 密钥已被吊销' },
  'e.apiKey.expired': { 'en-US': 'This API key has expired', 'zh-CN': '此 API 密钥已过期' },
  'e.apiKey.rateLimited': {
    'en-US': 'Too many requests with this API key; try again in {seconds} s',
    'zh-CN': '此 API 密钥请求过于频繁，请在 {seconds} 秒后重试',
  },
  'e.apiKey.tooMany': {
    'en-US': 'The company already has {max} live API keys; revoke one first',
    'zh-CN': '公司已有 {max} 个有效 API 密钥，请先吊销一个',
  },
  'e.apiKey.alreadyRevoked': { 'en-US': 'This API key is already revoked', 'zh-CN': '此 API 密钥已被吊销' },
  'e.idempotency.mismatch': {
    'en-US': 'This Idempotency-Key was already used with another request; use a new key for a new request',
    'zh-CN': '此 Idempotency-Key 已用于另一个请求，新请求请使用新的键',
  },
  'e.sync.cursor': { 'en-US': 'The cursor is not one this server gave', 'zh-CN': '游标无效，不是本服务返回的游标' },
  'v.apiKey.expiresAt': { 'en-US': 'Expiry must be a date and time', 'zh-CN': '过期时间必须是日期时间' },
  'v.apiKey.expiresPast': { 'en-US': 'Expiry must lie in the future', 'zh-CN': '过期时间必须晚于当前时间' },
  'v.push.rows': { 'en-US': 'A batch holds 1 to 10,000 rows', 'zh-CN': '每批 1 到 10,000 行' },
  'f.scope': { 'en-US': 'Scope', 'zh-CN': '权限范围' },
  'f.expiresAt': { 'en-US': 'Expiry', 'zh-CN': '过期时间' },
  'f.rows': { 'en-US': 'Rows', 'zh-CN': '号码行' },
  'f.cursor': { 'en-US': 'Cursor', 'zh-CN': '游标' },
} as const satisfies Record<string, Record<Locale, string>>;
