import type { Locale } from '../locale.ts';

/** The seat's REST side: the agent's disposition form (issue type, resolution status, note). */
export const SEAT_CALLS_MESSAGES = {
  'v.seat.issueType': { 'en-US': 'Choose the issue type', 'zh-CN': '请选择问题类型' },
  'v.seat.resolutionStatus': { 'en-US': 'Choose the resolution status', 'zh-CN': '请选择处理状态' },
  'f.callId': { 'en-US': 'Call', 'zh-CN': '通话' },
  'f.issueType': { 'en-US': 'Issue type', 'zh-CN': '问题类型' },
  'f.resolutionStatus': { 'en-US': 'Resolution status', 'zh-CN': '处理状态' },
} as const satisfies Record<string, Record<Locale, string>>;
