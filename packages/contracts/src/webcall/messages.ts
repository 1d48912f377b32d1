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
  'v.webcall.businessInfo': {
    'en-US': 'Business info is written as key=value pairs joined by &, e.g. plan=gold&due=2026-12-01',
    'zh-CN': '业务信息须写成以 & 连接的 键=值，例如 plan=gold&due=2026-12-01',
  },
  'v.webcall.subtaskOrTyped': {
    'en-US': 'Choose a number or type the prologue and business info, not both',
    'zh-CN': '请选择一个号码或填写开场信息与业务信息，二者只能选其一',
  },
  'e.testCall.noScenario': {
    'en-US': "This task's scenario has no version to run: save the scenario first",
    'zh-CN': '该任务的场景没有可运行的版本：请先保存场景',
  },
  'e.testCall.refused': {
    'en-US': 'A test call cannot be made from a template or a deleted task',
    'zh-CN': '模板或已删除的任务不能发起测试通话',
  },
  'e.testCall.subtaskNotFound': {
    'en-US': 'That number is not in this task',
    'zh-CN': '该号码不属于此任务',
  },
  'e.testCall.notFound': {
    'en-US': 'This test call is not yours or has been forgotten',
    'zh-CN': '该测试通话不属于你或已不存在',
  },
  'e.testCall.stopping': {
    'en-US': 'The server is restarting: try again in a moment',
    'zh-CN': '服务器正在重启：请稍后再试',
  },
} as const satisfies Record<string, Record<Locale, string>>;
