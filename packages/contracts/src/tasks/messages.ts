import type { Locale } from '../common/locale.ts';

/**
 * Tasks and their subtasks: refusals of the state machine (one per action, saying which statuses allow
 * it), option checks, upload outcomes and field labels.
 */
export const TASKS_MESSAGES = {
  'e.task.refused.start': { 'en-US': 'Only a pending task can be started', 'zh-CN': '只有待开始的任务可以启动' },
  'e.task.refused.continue': { 'en-US': 'Only a paused task can be continued', 'zh-CN': '只有已暂停的任务可以继续' },
  'e.task.refused.pause': { 'en-US': 'Only a task in progress can be paused', 'zh-CN': '只有进行中的任务可以暂停' },
  'e.task.refused.abort': {
    'en-US': 'Only a pending, running or paused task can be aborted',
    'zh-CN': '只有待开始、进行中或已暂停的任务可以终止',
  },
  'e.task.refused.publish': { 'en-US': 'Only a draft can be published', 'zh-CN': '只有草稿可以发布' },
  'e.task.refused.upload': {
    'en-US': 'Numbers cannot be added to an aborted task or a template',
    'zh-CN': '已终止的任务和模板不能上传号码',
  },
  'e.task.refused.clearPending': {
    'en-US': 'Pending numbers can be cleared only while the task is pending, in progress, paused or a draft',
    'zh-CN': '只有待开始、进行中、已暂停或草稿状态的任务可以清空待呼号码',
  },
  'e.task.refused.edit': {
    'en-US': 'A task in progress, completed or aborted cannot be edited; pause a running task first',
    'zh-CN': '进行中、已完成或已终止的任务不能编辑，请先暂停任务',
  },
  'e.task.refused.delete': {
    'en-US': 'A task in progress cannot be deleted: pause or abort it first',
    'zh-CN': '进行中的任务不能删除，请先暂停或终止',
  },
  'e.task.noPending': {
    'en-US': 'This task has no pending numbers: upload numbers before starting it',
    'zh-CN': '该任务没有待呼号码，请先上传号码再启动',
  },
  'e.task.scenarioNotGranted': { 'en-US': 'This scenario is not available to your company', 'zh-CN': '贵公司无权使用该场景' },
  'e.task.voiceNotGranted': { 'en-US': 'This voice is not available to your company', 'zh-CN': '贵公司无权使用该音色' },
  'e.task.lineNotFound': {
    'en-US': 'One of the chosen SIP lines does not exist in your company',
    'zh-CN': '所选的 SIP 线路中有不属于贵公司的线路',
  },
  'e.upload.noBody': { 'en-US': 'No file was sent', 'zh-CN': '未收到文件' },
  'f.redial.count': { 'en-US': 'Redial count', 'zh-CN': '重拨次数' },
  'f.redial.gapMinutes': { 'en-US': 'Redial interval', 'zh-CN': '重拨间隔' },
  'f.taskId': { 'en-US': 'Task', 'zh-CN': '任务' },
  'f.action': { 'en-US': 'Action', 'zh-CN': '操作' },
  'f.filter': { 'en-US': 'Status', 'zh-CN': '状态' },
  'f.autoDial': { 'en-US': 'Auto dial', 'zh-CN': '自动外呼' },
  'f.ignoreTags': { 'en-US': 'Ignored tags', 'zh-CN': '忽略标签' },
  'f.advanced': { 'en-US': 'Advanced settings', 'zh-CN': '高级设置' },
  'f.saveAs': { 'en-US': 'Save as', 'zh-CN': '保存为' },
  'v.task.name': { 'en-US': 'Task name must be at most 20 characters', 'zh-CN': '任务名称不能超过 20 个字符' },
  'v.task.lines': { 'en-US': 'Choose at least one SIP line', 'zh-CN': '请至少选择一条 SIP 线路' },
  'v.task.weekdays': { 'en-US': 'Choose at least one weekday', 'zh-CN': '请至少选择一个星期几' },
  'v.task.time': { 'en-US': '{field} must be a time of day (HH:mm)', 'zh-CN': '{field}须为时间（HH:mm）' },
  'v.task.timeOrder': { 'en-US': 'The call window must end after it starts', 'zh-CN': '呼叫时段的结束时间须晚于开始时间' },
  'v.task.prologueTogether': {
    'en-US': 'Prologues and pause time are set together or both left empty',
    'zh-CN': '开场白与停顿时间须同时填写或同时留空',
  },
  'v.task.silenceTogether': {
    'en-US': 'Silence threshold, maximum attempts and wake-up words are set together or all left empty',
    'zh-CN': '静默阈值、最大次数与唤醒话术须同时填写或同时留空',
  },
  'v.task.timeoutTogether': {
    'en-US': 'Timeout hang-up time and reply are set together or both left empty',
    'zh-CN': '超时挂断时间与回复须同时填写或同时留空',
  },
  'row.phoneMissing': { 'en-US': 'Phone number is missing', 'zh-CN': '缺少电话号码' },
  'row.phoneInvalid': { 'en-US': "Phone number does not fit the project's encryption type", 'zh-CN': '电话号码不符合项目的加密类型' },
  'row.businessInfoInvalid': {
    'en-US': 'businessInfo is not in query-string form (key=value&key=value)',
    'zh-CN': 'businessInfo 不是查询字符串格式（key=value&key=value）',
  },
  'row.valueTooLong': { 'en-US': 'A value is too long', 'zh-CN': '字段值过长' },
  'row.columnCount': { 'en-US': 'The row does not have as many columns as the header', 'zh-CN': '该行的列数与表头不一致' },
  'f.callStart': { 'en-US': 'Call window start', 'zh-CN': '呼叫开始时间' },
  'f.callEnd': { 'en-US': 'Call window end', 'zh-CN': '呼叫结束时间' },
  'f.weekdays': { 'en-US': 'Call days', 'zh-CN': '呼叫周期' },
  'f.prologues': { 'en-US': 'Prologues', 'zh-CN': '开场白' },
  'f.pauseSeconds': { 'en-US': 'Pause time', 'zh-CN': '停顿时间' },
  'f.silenceThresholdSeconds': { 'en-US': 'Silence threshold', 'zh-CN': '静默阈值' },
  'f.silenceMaxAttempts': { 'en-US': 'Maximum wake-ups', 'zh-CN': '最大唤醒次数' },
  'f.silenceWords': { 'en-US': 'Wake-up words', 'zh-CN': '唤醒话术' },
  'f.timeoutHangupSeconds': { 'en-US': 'Timeout hang-up time', 'zh-CN': '超时挂断时间' },
  'f.timeoutReply': { 'en-US': 'Timeout reply', 'zh-CN': '超时回复' },
} as const satisfies Record<string, Record<Locale, string>>;
