import type { Locale } from '../../common/locale.ts';

/** Operation area — tags. */
export const TAGS_MESSAGES = {
  'v.tag.alias': {
    'en-US': 'Alias must be at most 30 lowercase letters and underscores',
    'zh-CN': '别名须为不超过 30 位的小写字母和下划线',
  },

  'e.tag.aliasTaken': { 'en-US': 'A tag with the alias {alias} already exists', 'zh-CN': '别名为 {alias} 的标签已存在' },

  'f.description': { 'en-US': 'Description', 'zh-CN': '描述' },
} as const satisfies Record<string, Record<Locale, string>>;
