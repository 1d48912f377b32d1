import type { Locale } from '../common/locale.ts';

/** Account management and self-info: validation, errors and field labels. */
export const ACCOUNTS_MESSAGES = {
  'e.account.usernameTaken': { 'en-US': 'User name "{username}" is already taken', 'zh-CN': '用户名「{username}」已被使用' },
  'e.account.phoneTaken': {
    'en-US': 'Phone number {phoneNumber} is already used by another account',
    'zh-CN': '电话号码 {phoneNumber} 已被其他账号使用',
  },
  'e.account.lastAdmin': {
    'en-US':
      'This is the last active administrator of the company: make another account an administrator first, or nobody can manage the company',
    'zh-CN': '这是该公司最后一个启用的管理员：请先将其他账号设为管理员，否则将无人能管理该公司',
  },
  'e.account.self': {
    'en-US': 'You cannot disable your own account or change your own user level',
    'zh-CN': '不能停用自己的账号或修改自己的用户级别',
  },
  'e.account.devLevel': {
    'en-US': 'Provider staff (DEV) accounts exist only in the provider company and are managed only by provider staff',
    'zh-CN': '平台运营（DEV）账号只存在于平台方公司，且只能由平台运营人员管理',
  },

  'f.authLevel': { 'en-US': 'User level', 'zh-CN': '用户级别' },
  'f.status': { 'en-US': 'Status', 'zh-CN': '状态' },
} as const satisfies Record<string, Record<Locale, string>>;
