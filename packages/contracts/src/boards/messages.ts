import type { Locale } from '../common/locale.ts';

export const BOARDS_MESSAGES = {
  'v.board.date': { 'en-US': '{field} must be a date (YYYY-MM-DD)', 'zh-CN': '{field}须为日期（YYYY-MM-DD）' },
  'v.board.rangeOrder': { 'en-US': 'The range must end on or after its first day', 'zh-CN': '结束日期不能早于开始日期' },
  'v.board.rangeTooLong': { 'en-US': 'The range can be at most 366 days', 'zh-CN': '时间范围最多 366 天' },
  'f.from': { 'en-US': 'From', 'zh-CN': '开始日期' },
  'f.to': { 'en-US': 'To', 'zh-CN': '结束日期' },
  'f.step': { 'en-US': 'Step', 'zh-CN': '粒度' },
  'f.window': { 'en-US': 'Interval', 'zh-CN': '时间间隔' },
} as const satisfies Record<string, Record<Locale, string>>;
