import type { Locale } from '../common/locale.ts';

export const DNC_MESSAGES = {
  'v.dnc.notPhones': { 'en-US': 'Not phone numbers: {values}', 'zh-CN': '以下不是电话号码：{values}' },
  'v.dnc.batch': { 'en-US': 'At most 1000 numbers at a time', 'zh-CN': '每次最多 1000 个号码' },
  'e.dnc.importEmpty': { 'en-US': 'The file has no numbers', 'zh-CN': '文件中没有号码' },
  'e.dnc.importTooLarge': { 'en-US': 'The file is larger than 20 MB', 'zh-CN': '文件超过 20 MB' },
  'f.phones': { 'en-US': 'Phone numbers', 'zh-CN': '电话号码' },
} as const satisfies Record<string, Record<Locale, string>>;
