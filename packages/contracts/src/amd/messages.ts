import type { Locale } from '../common/locale.ts';

/** Answering-machine detection settings of a task: the rules that tie its fields together. */
export const AMD_MESSAGES = {
  'v.amd.messageRequired': {
    'en-US': 'Write the message to leave on answering machines',
    'zh-CN': '请填写留给语音信箱的留言',
  },
  'v.amd.totalTooShort': {
    'en-US': 'The total analysis time must be longer than the greeting and the silence after it',
    'zh-CN': '总分析时长须长于问候语时长和问候后静默时长',
  },
} as const satisfies Record<string, Record<Locale, string>>;
