import type { Locale } from '../common/locale.ts';

/** The operator seat: its connection and call errors, and the seat's own refusals. */
export const SEAT_MESSAGES = {
  'e.seat.unauthenticated': { 'en-US': 'Not logged in: sign in again to use the seat', 'zh-CN': '未登录：请重新登录后使用坐席' },
  'e.seat.forbidden': { 'en-US': 'Only agent accounts can use the seat', 'zh-CN': '只有坐席账号可以使用坐席' },
  'e.seat.replaced': {
    'en-US': 'This seat was opened in another window; this one is disconnected',
    'zh-CN': '该坐席已在其他窗口打开，本窗口已断开连接',
  },
  'e.seat.connectionError': { 'en-US': 'Connection error, connection has been disconnected', 'zh-CN': '连接错误，连接已断开' },
  'e.seat.serverNotResponding': {
    'en-US': 'Server not responding, connection has been disconnected',
    'zh-CN': '服务器无响应，连接已断开',
  },
  'e.seat.heartbeatTimeout': { 'en-US': 'Heartbeat timeout, connection has been disconnected', 'zh-CN': '心跳超时，连接已断开' },
  'e.seat.sessionEnded': {
    'en-US': 'Your sign-in has ended (signed out, signed in elsewhere or ended by an administrator): sign in again',
    'zh-CN': '您的登录已失效（已退出、在其他地方登录或被管理员结束）：请重新登录',
  },
  'e.seat.tooManyMessages': {
    'en-US': 'The seat sent too many messages too quickly, connection has been disconnected',
    'zh-CN': '坐席发送消息过于频繁，连接已断开',
  },
  'e.seat.tooManyBadMessages': {
    'en-US': 'The seat kept sending messages the server does not understand, connection has been disconnected',
    'zh-CN': '坐席持续发送无法识别的消息，连接已断开',
  },
  'e.seat.callConnectionFailed': {
    'en-US': 'Call connection failed, system has automatically hung up',
    'zh-CN': '通话连接失败，系统已自动挂断',
  },
  'e.seat.signOutFailed': { 'en-US': 'Sign out failed (check network)', 'zh-CN': '签出失败（请检查网络）' },
  'e.seat.badMessage': { 'en-US': 'The seat sent a message the server does not understand', 'zh-CN': '坐席发送了无法识别的消息' },
  'e.seat.notSignedIn': { 'en-US': 'Sign in first', 'zh-CN': '请先签入' },
  'e.seat.offerGone': { 'en-US': 'This call is no longer offered to you', 'zh-CN': '该来电已不再分配给您' },
  'e.seat.noCall': { 'en-US': 'You are not in this call', 'zh-CN': '您不在该通话中' },
  'e.seat.projectNotAssigned': { 'en-US': 'You are not assigned to this project', 'zh-CN': '您未被分配到该项目' },
} as const satisfies Record<string, Record<Locale, string>>;

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
