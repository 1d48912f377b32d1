import type { Locale } from '../common/locale.ts';

export const ACCESS_REQUESTS_MESSAGES = {
  'e.accessRequest.closed': {
    'en-US': 'This request was already handled; refresh the list',
    'zh-CN': '该申请已被处理，请刷新列表',
  },
  'e.accessRequest.kind': {
    'en-US': 'This action does not fit this kind of request',
    'zh-CN': '该操作不适用于此类申请',
  },
  'f.reason': { 'en-US': 'Reason', 'zh-CN': '原因' },
  'e.requestFiled': { 'en-US': 'Your request was sent to the administrators', 'zh-CN': '您的申请已提交给管理员' },
} as const satisfies Record<string, Record<Locale, string>>;
