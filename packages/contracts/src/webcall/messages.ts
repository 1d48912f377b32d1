import type { Locale } from '../common/locale.ts';

/** Voice test calls in the browser (the bench's voice mode, a task's "Call me in the browser"). */
export const WEBCALL_MESSAGES = {
  'v.webcall.sdp': {
    'en-US': 'The browser sent no usable audio offer: reload the page and try again',
    'zh-CN': '浏览器未发送可用的音频协商信息：请刷新页面后重试',
  },
  'e.webcall.tooManyForUser': {
    'en-US': 'You already have 3 test calls open: end one first',
    'zh-CN': '你已打开 3 个测试通话，请先结束一个',
  },
  'e.webcall.tooManyForCompany': {
    'en-US': 'Your company has 10 test calls open at once: try again when one ends',
    'zh-CN': '贵公司同时进行的测试通话已达 10 个：请待其中一个结束后再试',
  },
  'e.webcall.noSpeech': {
    'en-US': 'The voice engines are not available on this server: use the typed test instead',
    'zh-CN': '本服务器的语音引擎不可用：请改用文字测试',
  },
  'e.webcall.badOffer': {
    'en-US': 'The browser and the server could not agree on audio (PCMU is required)',
    'zh-CN': '浏览器与服务器无法协商音频（需要 PCMU 编码）',
  },
} as const satisfies Record<string, Record<Locale, string>>;
