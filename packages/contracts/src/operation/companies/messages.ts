import type { Locale } from '../../common/locale.ts';

/** Operation area — companies, their grants and permissions. */
export const COMPANIES_MESSAGES = {
  'v.company.timezone': {
    'en-US': 'Time zone must be an IANA name such as Asia/Shanghai',
    'zh-CN': '时区须为 IANA 名称，例如 Asia/Shanghai',
  },

  'v.company.quietDay': {
    'en-US': 'Each quiet day must be a date written YYYY-MM-DD, such as 2026-10-01',
    'zh-CN': '免打扰日须为 YYYY-MM-DD 格式的日期，例如 2026-10-01',
  },
  'v.company.quietDays': {
    'en-US': 'At most 100 quiet days',
    'zh-CN': '免打扰日最多 100 个',
  },

  'e.company.nameTaken': { 'en-US': 'A company named {name} already exists', 'zh-CN': '名称为 {name} 的公司已存在' },
  'e.company.suffixTaken': { 'en-US': 'The suffix {suffix} is already used by another company', 'zh-CN': '后缀 {suffix} 已被其他公司使用' },
  'e.company.usernameTaken': {
    'en-US': 'The user name {username} is already taken; enter another admin user name',
    'zh-CN': '用户名 {username} 已被占用，请填写其他管理员用户名',
  },
  'e.company.usernameInvalid': {
    'en-US': 'The admin user name {username} derived from the suffix is not a valid user name (3–32 characters); enter one',
    'zh-CN': '由后缀生成的管理员用户名 {username} 不合法（须为 3–32 个字符），请手动填写',
  },
  'e.feature.doNotCall': {
    'en-US': 'The do-not-call list is not enabled for this company; the provider can enable it under Permissions',
    'zh-CN': '该公司未开通免打扰名单功能，可请平台在“权限”中开通',
  },
  'e.feature.customEncryption': {
    'en-US': 'Custom number encryption (CUSTOM) is not enabled for this company; the provider can enable it under Permissions',
    'zh-CN': '该公司未开通自定义号码加密（CUSTOM），可请平台在“权限”中开通',
  },
  'e.feature.csvExport': {
    'en-US': 'CSV export is not enabled for this company; the provider can enable it under Permissions',
    'zh-CN': '该公司未开通 CSV 导出功能，可请平台在“权限”中开通',
  },
  'e.feature.realtimeDashboard': {
    'en-US': 'The real-time dashboard is not enabled for this company; the provider can enable it under Permissions',
    'zh-CN': '该公司未开通实时看板功能，可请平台在“权限”中开通',
  },
  'e.company.provider': { 'en-US': "The provider's own company cannot be deleted", 'zh-CN': '平台自身的公司不能删除' },
  'e.company.alreadyDeleted': { 'en-US': 'This company is already deleted', 'zh-CN': '该公司已被删除' },
  'e.company.notDeleted': { 'en-US': 'This company is not deleted', 'zh-CN': '该公司未被删除' },
  'e.grants.unknown': { 'en-US': 'Not in the catalogue: {ids}', 'zh-CN': '目录中不存在：{ids}' },
  'e.grants.invalidProcessor': { 'en-US': 'Invalid processors cannot be granted: {names}', 'zh-CN': '无效的处理器不能授权：{names}' },
  'f.timezone': { 'en-US': 'Time zone', 'zh-CN': '时区' },
  'f.quietDays': { 'en-US': 'Quiet days', 'zh-CN': '免打扰日' },
  'f.adminUsername': { 'en-US': 'Admin user name', 'zh-CN': '管理员用户名' },
  'f.refIds': { 'en-US': 'Granted items', 'zh-CN': '授权项' },
  'f.numberReveal': { 'en-US': 'Number reveal', 'zh-CN': '号码明文查看' },
  'f.maxConcurrency': { 'en-US': 'Maximum concurrency', 'zh-CN': '最大并发数' },
  'f.features': { 'en-US': 'Features', 'zh-CN': '功能' },
  'v.company.name': { 'en-US': 'Company name must be 1–100 characters', 'zh-CN': '公司名称长度须为 1–100 个字符' },
  'v.company.suffix': { 'en-US': 'Suffix must be 1–100 letters and digits', 'zh-CN': '后缀须为 1–100 位字母和数字' },
} as const satisfies Record<string, Record<Locale, string>>;
