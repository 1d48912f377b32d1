import type { Locale } from '../common/locale.ts';

/** The seat's REST side: the agent's disposition form (issue type, resolution status, note) and its values' labels. */
export const SEAT_CALLS_MESSAGES = {
  'v.seat.issueType': { 'en-US': 'Choose the issue type', 'zh-CN': '请选择问题类型' },
  'v.seat.resolutionStatus': { 'en-US': 'Choose the resolution status', 'zh-CN': '请选择处理状态' },
  'f.callId': { 'en-US': 'Call', 'zh-CN': '通话' },
  'f.issueType': { 'en-US': 'Issue type', 'zh-CN': '问题类型' },
  'f.resolutionStatus': { 'en-US': 'Resolution status', 'zh-CN': '处理状态' },
  'call.issueType.inquiry': { 'en-US': 'Inquiry', 'zh-CN': '咨询' },
  'call.issueType.purchase': { 'en-US': 'Purchase', 'zh-CN': '购买意向' },
  'call.issueType.complaint': { 'en-US': 'Complaint', 'zh-CN': '投诉' },
  'call.issueType.support': { 'en-US': 'Support', 'zh-CN': '售后支持' },
  'call.issueType.billing': { 'en-US': 'Billing', 'zh-CN': '账单费用' },
  'call.issueType.other': { 'en-US': 'Other', 'zh-CN': '其他' },
  'call.resolutionStatus.resolved': { 'en-US': 'Resolved', 'zh-CN': '已解决' },
  'call.resolutionStatus.follow-up': { 'en-US': 'Follow-up needed', 'zh-CN': '待跟进' },
  'call.resolutionStatus.escalated': { 'en-US': 'Escalated', 'zh-CN': '已升级' },
  'call.resolutionStatus.unresolved': { 'en-US': 'Unresolved', 'zh-CN': '未解决' },
} as const satisfies Record<string, Record<Locale, string>>;
