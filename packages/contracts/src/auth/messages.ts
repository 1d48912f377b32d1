import type { Locale } from '../common/locale.ts';

/** Sign-in: the refusals of the login form and of a session that ended, and the login form's own fields. */
export const AUTH_MESSAGES = {
  'e.badCredentials': { 'en-US': 'Incorrect user name or password', 'zh-CN': '用户名或密码错误' },
  'e.accountDisabled': { 'en-US': 'This account is disabled; contact your administrator', 'zh-CN': '该账号已停用，请联系管理员' },
  'e.roleMismatch': {
    'en-US': 'This account cannot sign in as {role}; choose the other role',
    'zh-CN': '该账号不能以「{role}」身份登录，请选择另一身份',
  },
  'e.rateLimited': { 'en-US': 'Too many failed sign-ins; try again in {seconds} s', 'zh-CN': '登录失败次数过多，请 {seconds} 秒后再试' },
  'e.signedInElsewhere': { 'en-US': 'This account is signed in elsewhere', 'zh-CN': '该账号已在其他地方登录' },
  'e.forcedLogout': {
    'en-US': 'You were signed out because this account signed in elsewhere',
    'zh-CN': '该账号已在其他地方登录，您已被迫下线',
  },
  'e.illegalToken': { 'en-US': 'Your sign-in is not valid; please sign in again', 'zh-CN': '登录凭证无效，请重新登录' },
  'e.endedByAdmin': { 'en-US': 'Your session was ended by an administrator', 'zh-CN': '您的会话已被管理员结束' },
  'e.tokenExpired': { 'en-US': 'Your session has expired', 'zh-CN': '登录已过期' },
  'f.force': { 'en-US': 'Force sign-in', 'zh-CN': '强制登录' },
  'f.remember': { 'en-US': 'Remember me', 'zh-CN': '记住我' },
} as const satisfies Record<string, Record<Locale, string>>;
