import type { Locale } from '../common/locale.ts';

/** Template pages and the message box: rules, server-rendered card and message texts, chart series names. */
export const TEMPLATES_MESSAGES = {
  'v.template.activityName': {
    'en-US': 'Activity name: at most 20 Chinese characters, letters or digits',
    'zh-CN': '活动名称：最多 20 个汉字、字母或数字',
  },
  'v.template.promoteLink': {
    'en-US': 'Promote link must begin with http:// or https://',
    'zh-CN': '推广地址须以 http:// 或 https:// 开头',
  },
  'v.template.advertisingContent': { 'en-US': 'Advertising content: at most 200 words', 'zh-CN': '广告内容最多 200 字' },
  'v.template.alwaysOn': {
    'en-US': 'This rule always applies and cannot be turned off',
    'zh-CN': '该规则始终生效，不能关闭',
  },
  'v.template.promotionTime': { 'en-US': 'The promotion must end on or after its start', 'zh-CN': '推广结束日期不能早于开始日期' },
  'v.template.bitrateOrder': {
    'en-US': 'Bitrate: minimum ≤ default ≤ maximum',
    'zh-CN': '码率须满足：最小值 ≤ 默认值 ≤ 最大值',
  },
  'e.template.alreadyApproved': { 'en-US': 'These parameters are already approved', 'zh-CN': '该参数已审批通过' },
  'f.activityName': { 'en-US': 'Activity name', 'zh-CN': '活动名称' },
  'f.promotionTime': { 'en-US': 'Promotion dates', 'zh-CN': '推广时间' },
  'f.channelType': { 'en-US': 'Channel type', 'zh-CN': '渠道类型' },
  'f.advertisingSource': { 'en-US': 'Advertising source', 'zh-CN': '广告来源' },
  'f.advertisingMedia': { 'en-US': 'Advertising media', 'zh-CN': '广告媒介' },
  'f.promoteLink': { 'en-US': 'Promote link', 'zh-CN': '推广地址' },
  'f.advertisingContent': { 'en-US': 'Advertising content', 'zh-CN': '广告内容' },
  'f.frameRate': { 'en-US': 'Frame rate', 'zh-CN': '帧率' },
  'f.rate': { 'en-US': 'Bitrate', 'zh-CN': '码率' },
  'f.min': { 'en-US': 'Minimum bitrate', 'zh-CN': '最小码率' },
  'f.max': { 'en-US': 'Maximum bitrate', 'zh-CN': '最大码率' },
  'f.default': { 'en-US': 'Default bitrate', 'zh-CN': '默认码率' },
  'f.ids': { 'en-US': 'Message ids', 'zh-CN': '消息 ID' },
  'f.current': { 'en-US': 'Page', 'zh-CN': '页码' },

  // Message box: what the product tells its users.
  'msg.taskCompleted.title': { 'en-US': 'Task completed: {task}', 'zh-CN': '任务已完成：{task}' },
  'msg.taskCompleted.content': {
    'en-US': 'Every number of task {task} has been dialled.',
    'zh-CN': '任务「{task}」的全部号码已拨打完毕。',
  },
  'msg.taskPaused.title': { 'en-US': 'Task paused: {task}', 'zh-CN': '任务已暂停：{task}' },
  'msg.taskPaused.content': {
    'en-US':
      '{failures} of the last {calls} calls failed on the line, so the circuit breaker paused the task. Check the SIP line, then continue it.',
    'zh-CN': '最近 {calls} 通呼叫中有 {failures} 通线路失败，熔断器已暂停任务。请检查 SIP 线路后继续任务。',
  },
  'msg.uploadFinished.title': { 'en-US': 'Upload finished: {task}', 'zh-CN': '上传完成：{task}' },
  'msg.uploadFinished.content': {
    'en-US': '{accepted} numbers added to {task}; {rejected} rows rejected, {duplicates} duplicates skipped.',
    'zh-CN': '已向「{task}」添加 {accepted} 个号码；拒绝 {rejected} 行，跳过重复 {duplicates} 个。',
  },
  'msg.uploadFailed.title': { 'en-US': 'Upload failed: {task}', 'zh-CN': '上传失败：{task}' },
  'msg.uploadFailed.content': { 'en-US': 'Nothing of the file was stored: {reason}', 'zh-CN': '文件未保存任何内容：{reason}' },
  'msg.seatDisconnected.title': { 'en-US': 'Seat disconnected: {seat}', 'zh-CN': '坐席已断开：{seat}' },
  'msg.seatDisconnected.content': {
    'en-US': '{seat} lost the connection ({reason}) and must sign in again.',
    'zh-CN': '{seat} 连接已断开（{reason}），需要重新签入。',
  },
  'msg.seatDisconnected.heartbeat': { 'en-US': 'heartbeat timeout', 'zh-CN': '心跳超时' },
  'msg.seatDisconnected.connectionError': { 'en-US': 'connection error', 'zh-CN': '连接错误' },
  'msg.sub.task': { 'en-US': 'Task', 'zh-CN': '任务' },
  'msg.sub.upload': { 'en-US': 'Upload', 'zh-CN': '上传' },
  'msg.sub.seat': { 'en-US': 'Seat', 'zh-CN': '坐席' },
  'msg.sub.announcement': { 'en-US': 'Announcement', 'zh-CN': '公告' },
  'msg.announce.welcome.title': { 'en-US': 'Welcome to Dialwise', 'zh-CN': '欢迎使用 Dialwise' },
  'msg.announce.welcome.content': {
    'en-US': 'Create a project, add a task, upload numbers and start dialling: the workplace shows today at a glance.',
    'zh-CN': '创建项目、添加任务、上传号码即可开始外呼：工作台一眼看清今日情况。',
  },
  'msg.announce.dnc.title': { 'en-US': 'New: the do-not-call list', 'zh-CN': '新功能：免打扰名单' },
  'msg.announce.dnc.content': {
    'en-US': 'Numbers on the list are checked right before every dial, for every task.',
    'zh-CN': '名单中的号码会在每次拨打前实时核对，对所有任务生效。',
  },
  'msg.announce.maintenance.title': { 'en-US': 'Line maintenance on Sunday 02:00–03:00', 'zh-CN': '周日 02:00–03:00 线路维护' },
  'msg.announce.maintenance.content': {
    'en-US': 'Calls are not placed during the window; running tasks resume by themselves.',
    'zh-CN': '维护期间不外呼，运行中的任务会自动恢复。',
  },
  'msg.todo.review.title': { 'en-US': 'Review the media parameters', 'zh-CN': '审批媒体参数' },
  'msg.todo.review.content': {
    'en-US': 'A new set of media parameters waits for approval on the basic profile page.',
    'zh-CN': '有一组新的媒体参数等待在基础详情页审批。',
  },

  // Card list: the service and rule catalogue.
  'card.service.callAnalysis.title': { 'en-US': 'Call analysis', 'zh-CN': '通话分析' },
  'card.service.callAnalysis.desc': {
    'en-US': 'Tags and a summary for every connected call, by the scenario’s analysis stream. Off: calls end without analysis.',
    'zh-CN': '由场景的分析流为每通接通的电话生成标签与摘要。关闭后：通话结束后不做分析。',
  },
  'card.service.recording.title': { 'en-US': 'Call recording', 'zh-CN': '通话录音' },
  'card.service.recording.desc': {
    'en-US': 'Keep a WAV recording of each call for playback and callback links. Off: new calls are not recorded.',
    'zh-CN': '为每通电话保存 WAV 录音，用于回放和回调链接。关闭后：新的通话不再录音。',
  },
  'card.service.redial.title': { 'en-US': 'Automatic redial', 'zh-CN': '自动重拨' },
  'card.service.redial.desc': {
    'en-US': 'Call busy, unanswered and voicemail numbers again as each task’s redial settings say. Off: every number is tried once.',
    'zh-CN': '按各任务的重拨设置，对占线、未接和语音信箱的号码再次拨打。关闭后：每个号码只拨打一次。',
  },
  'card.service.callback.title': { 'en-US': 'Result callbacks', 'zh-CN': '结果回调' },
  'card.service.callback.desc': {
    'en-US': 'Post each call’s events to the scenario’s callback URLs, signed and retried. Off: no new callbacks are sent.',
    'zh-CN': '将每通电话的事件签名后推送到场景配置的回调地址，失败自动重试。关闭后：不再发送新的回调。',
  },
  'card.rule.doNotCall.title': { 'en-US': 'Honour the do-not-call list', 'zh-CN': '遵守免打扰名单' },
  'card.rule.doNotCall.desc': {
    'en-US': 'Numbers on the company’s do-not-call list are never dialled.',
    'zh-CN': '公司免打扰名单中的号码永不拨打。',
  },
  'card.rule.circuitBreaker.title': { 'en-US': 'Pause on line failures', 'zh-CN': '线路故障时暂停' },
  'card.rule.circuitBreaker.desc': {
    'en-US': 'Pause a task when most of its last 20 calls fail on the line. Off: tasks keep dialling through line failures.',
    'zh-CN': '任务最近 20 通呼叫中大多数线路失败时暂停任务。关闭后：线路故障时任务继续拨打。',
  },
  'card.rule.callWindow.title': { 'en-US': 'Keep to the call window', 'zh-CN': '遵守呼叫时段' },
  'card.rule.callWindow.desc': {
    'en-US': 'Dial only inside each task’s hours and weekdays, in the company’s time zone.',
    'zh-CN': '仅在任务设定的时段和星期内拨打（按公司时区）。',
  },
  'card.rule.maskNumbers.title': { 'en-US': 'Mask phone numbers', 'zh-CN': '号码脱敏' },
  'card.rule.maskNumbers.desc': {
    'en-US': 'Numbers are masked in lists, records and exports; revealing one is permission-checked and logged.',
    'zh-CN': '列表、记录和导出中的号码均脱敏显示；查看明文需权限并会被记录。',
  },
  'card.quality.calls': { 'en-US': 'Calls', 'zh-CN': '呼叫数' },
  'card.quality.connectRate': { 'en-US': 'Connect rate', 'zh-CN': '接通率' },
  'card.quality.analysed': { 'en-US': 'Analysed', 'zh-CN': '已分析' },
  'card.quality.avgTalk': { 'en-US': 'Average talk', 'zh-CN': '平均通话' },

  // Chart series and operation log.
  'chart.placed': { 'en-US': 'Placed', 'zh-CN': '呼出' },
  'chart.connected': { 'en-US': 'Connected', 'zh-CN': '接通' },
  'chart.missed': { 'en-US': 'Missed', 'zh-CN': '未接通' },
  'chart.transfers': { 'en-US': 'Transfers', 'zh-CN': '转人工' },
  'chart.talkMinutes': { 'en-US': 'Talk minutes', 'zh-CN': '通话分钟' },
  'log.action.create': { 'en-US': 'Created', 'zh-CN': '创建' },
  'log.action.update': { 'en-US': 'Changed', 'zh-CN': '修改' },
  'log.action.delete': { 'en-US': 'Deleted', 'zh-CN': '删除' },
  'log.action.approve': { 'en-US': 'Approved', 'zh-CN': '审批通过' },
  'log.entity.mediaSettings': { 'en-US': 'Media parameters', 'zh-CN': '媒体参数' },
  'log.entity.channelForm': { 'en-US': 'Channel form', 'zh-CN': '渠道表单' },
  'log.entity.policy': { 'en-US': 'Policy', 'zh-CN': '策略' },
  'log.entity.serviceSwitch': { 'en-US': 'Service switch', 'zh-CN': '服务开关' },
  'log.entity.ruleSwitch': { 'en-US': 'Rule switch', 'zh-CN': '规则开关' },
  'log.change.mediaSettings.create': { 'en-US': 'New parameters submitted for approval', 'zh-CN': '提交新参数待审批' },
  'log.change.mediaSettings.approve': { 'en-US': 'Approved: the parameters are in force', 'zh-CN': '审批通过，参数生效' },
} as const satisfies Record<string, Record<Locale, string>>;
