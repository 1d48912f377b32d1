import type { Locale } from './common/locale.ts';
import { COMPANIES_MESSAGES } from './operation/companies/messages.ts';
import { VOICES_MESSAGES } from './operation/voices/messages.ts';
import { TAGS_MESSAGES } from './operation/tags/messages.ts';
import { ACCOUNTS_MESSAGES } from './accounts/messages.ts';
import { SIP_LINES_MESSAGES } from './sip-lines/messages.ts';
import { LLMS_MESSAGES } from './operation/llms/messages.ts';
import { PROCESSORS_MESSAGES } from './operation/processors/messages.ts';
import { SCENARIOS_MESSAGES } from './operation/scenarios/messages.ts';
import { DNC_MESSAGES } from './dnc/messages.ts';
import { ACCESS_REQUESTS_MESSAGES } from './access-requests/messages.ts';
import { PROJECTS_MESSAGES } from './projects/messages.ts';
import { TASKS_MESSAGES } from './tasks/messages.ts';
import { CALL_RECORDS_MESSAGES } from './call-records/messages.ts';
import { BOARDS_MESSAGES } from './boards/messages.ts';
import { SEAT_CALLS_MESSAGES } from './seat/calls-messages.ts';
import { SEAT_MESSAGES } from './seat/messages.ts';
import { WEBCALL_MESSAGES } from './webcall/messages.ts';
import { SPEECH_CREDENTIALS_MESSAGES } from './operation/speech-credentials/messages.ts';
import { TEMPLATES_MESSAGES } from './templates/messages.ts';
import { API_KEYS_MESSAGES } from './api-keys/messages.ts';

/**
 * Messages the server sends and the forms show: validation (v.*), errors (e.*) and field labels
 * (f.*), both languages side by side so a missing one shows in review and in the unit test.
 */
const CORE_MESSAGES = {
  'f.item': { 'en-US': '{field}, item {n}', 'zh-CN': '{field}第 {n} 项' },
  'v.required': { 'en-US': '{field} is required', 'zh-CN': '{field}不能为空' },
  'v.tooLong': { 'en-US': '{field} is too long', 'zh-CN': '{field}过长' },
  'v.invalid': { 'en-US': '{field} is invalid', 'zh-CN': '{field}无效' },
  'v.type': { 'en-US': '{field} must be a {expected}', 'zh-CN': '{field}的类型应为 {expected}' },
  'v.enum': { 'en-US': '{field} must be one of: {options}', 'zh-CN': '{field}只能是：{options}' },
  'v.min': { 'en-US': '{field} must be at least {minimum}', 'zh-CN': '{field}不能小于 {minimum}' },
  'v.max': { 'en-US': '{field} must be at most {maximum}', 'zh-CN': '{field}不能大于 {maximum}' },
  'v.unknownKey': { 'en-US': 'Unknown field {field}', 'zh-CN': '未知字段 {field}' },
  'v.text.unsafe': {
    'en-US': '{field} contains a character that is not allowed (NUL or an unpaired surrogate)',
    'zh-CN': '{field}包含不允许的字符（NUL 或不成对的代理字符）',
  },
  'e.outbound.refused': {
    'en-US':
      '{field} points at an internal address (loopback, private, link-local or cloud metadata), which the server does not call; an operator can allow the host with OUTBOUND_ALLOW_HOSTS',
    'zh-CN': '{field}指向内部地址（回环、私有、链路本地或云元数据地址），服务器不会访问；运维人员可通过 OUTBOUND_ALLOW_HOSTS 放行该主机',
  },
  'v.editVersion': {
    'en-US': 'The version the form opened is missing or invalid; reload the form and save again',
    'zh-CN': '缺少表单打开时的版本号或版本号无效；请重新加载表单后再保存',
  },
  'e.staleEdit': {
    'en-US': 'Someone else changed this after you opened it, so nothing was saved. Reload to see their changes, then make yours again',
    'zh-CN': '在您打开后，其他人已修改了此内容，本次未保存。请重新加载查看最新内容后再修改',
  },
  'v.malformedJson': { 'en-US': 'The request body is not valid JSON', 'zh-CN': '请求体不是合法的 JSON' },
  'v.tooDeep': {
    'en-US': 'The request body nests arrays and objects more than {max} levels deep',
    'zh-CN': '请求体中数组和对象的嵌套超过 {max} 层',
  },
  'v.phone': {
    'en-US': '{field} must be a valid phone number (6–15 digits, optional +)',
    'zh-CN': '{field}须为有效电话号码（6–15 位数字，可带 +）',
  },
  'v.email': { 'en-US': '{field} must be a valid e-mail address', 'zh-CN': '{field}须为有效邮箱地址' },
  'v.username': {
    'en-US': '{field}: 3–32 letters, digits, _ . -, starting with a letter',
    'zh-CN': '{field}：3–32 位字母、数字或 _ . -，以字母开头',
  },
  'v.id': { 'en-US': '{field} is not a valid id', 'zh-CN': '{field}不是有效的 ID' },
  'v.noSpaces': { 'en-US': '{field} must not contain spaces', 'zh-CN': '{field}不能包含空格' },
  'v.password.accountLength': { 'en-US': 'Password must be 8–32 characters', 'zh-CN': '密码长度须为 8–32 位' },
  'v.password.selfLength': { 'en-US': 'Password must be 6–16 characters', 'zh-CN': '密码长度须为 6–16 位' },
  'v.password.lower': { 'en-US': 'Password needs a lowercase letter', 'zh-CN': '密码须包含小写字母' },
  'v.password.upper': { 'en-US': 'Password needs an uppercase letter', 'zh-CN': '密码须包含大写字母' },
  'v.password.digit': { 'en-US': 'Password needs a digit', 'zh-CN': '密码须包含数字' },
  'v.password.special': { 'en-US': 'Password needs a special character', 'zh-CN': '密码须包含特殊字符' },
  'v.password.confirm': { 'en-US': 'The two passwords do not match', 'zh-CN': '两次输入的密码不一致' },
  'v.alias.profile': { 'en-US': 'Alias must be 5–10 characters', 'zh-CN': '别名长度须为 5–10 个字符' },
  'v.company.name': { 'en-US': 'Company name must be 1–100 characters', 'zh-CN': '公司名称长度须为 1–100 个字符' },
  'v.company.suffix': { 'en-US': 'Suffix must be 1–100 letters and digits', 'zh-CN': '后缀须为 1–100 位字母和数字' },
  'v.integer': { 'en-US': '{field} must be a whole number', 'zh-CN': '{field}须为整数' },
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
  'v.amd.messageRequired': {
    'en-US': 'Write the message to leave on answering machines',
    'zh-CN': '请填写留给语音信箱的留言',
  },
  'v.amd.totalTooShort': {
    'en-US': 'The total analysis time must be longer than the greeting and the silence after it',
    'zh-CN': '总分析时长须长于问候语时长和问候后静默时长',
  },
  'v.task.timeoutTogether': {
    'en-US': 'Timeout hang-up time and reply are set together or both left empty',
    'zh-CN': '超时挂断时间与回复须同时填写或同时留空',
  },

  'e.ok': { 'en-US': 'OK', 'zh-CN': '成功' },
  'e.validation': { 'en-US': 'Invalid request', 'zh-CN': '请求参数有误' },
  'e.unauthenticated': { 'en-US': 'Not logged in', 'zh-CN': '未登录' },
  'e.forbidden': {
    'en-US': 'Your user group does not have the authority to perform this operation',
    'zh-CN': '您的用户组没有执行此操作的权限',
  },
  'e.notFound': { 'en-US': 'Not found', 'zh-CN': '未找到' },
  'e.routeNotFound': { 'en-US': 'No API route {method} {url}', 'zh-CN': '不存在的接口 {method} {url}' },
  'e.internal': { 'en-US': 'Internal server error', 'zh-CN': '服务器内部错误' },
  'e.badCredentials': { 'en-US': 'Incorrect user name or password', 'zh-CN': '用户名或密码错误' },
  'e.accountDisabled': { 'en-US': 'This account is disabled; contact your administrator', 'zh-CN': '该账号已停用，请联系管理员' },
  'e.roleMismatch': {
    'en-US': 'This account cannot sign in as {role}; choose the other role',
    'zh-CN': '该账号不能以「{role}」身份登录，请选择另一身份',
  },
  'e.rateLimited': { 'en-US': 'Too many failed sign-ins; try again in {seconds} s', 'zh-CN': '登录失败次数过多，请 {seconds} 秒后再试' },
  'e.signedInElsewhere': { 'en-US': 'This account is signed in elsewhere', 'zh-CN': '该账号已在其他地方登录' },
  'e.forcedLogout': {
    'en-US': 'You were signed out because this account signed in elsewhere',
    'zh-CN': '该账号已在其他地方登录，您已被迫下线',
  },
  'e.illegalToken': { 'en-US': 'Your sign-in is not valid; please sign in again', 'zh-CN': '登录凭证无效，请重新登录' },
  'e.endedByAdmin': { 'en-US': 'Your session was ended by an administrator', 'zh-CN': '您的会话已被管理员结束' },
  'e.tokenExpired': { 'en-US': 'Your session has expired', 'zh-CN': '登录已过期' },
  'e.wrongCurrentPassword': { 'en-US': 'The current password is incorrect', 'zh-CN': '当前密码不正确' },
  'e.requestFiled': { 'en-US': 'Your request was sent to the administrators', 'zh-CN': '您的申请已提交给管理员' },
  'e.upload.empty': { 'en-US': 'The file is empty', 'zh-CN': '文件为空' },
  'e.upload.missingFields': { 'en-US': 'The file lacks the required columns: {columns}', 'zh-CN': '文件缺少必需的列：{columns}' },
  'e.upload.malformed': {
    'en-US': 'The file is not valid CSV at line {line}: {reason}',
    'zh-CN': '文件第 {line} 行不是有效的 CSV：{reason}',
  },
  'e.csv.quoteInField': {
    'en-US': 'a quote inside a field that does not start with one (enclose the field in quotes and double the quote)',
    'zh-CN': '未以引号开头的字段中含有引号（请用引号括起该字段，并将其中的引号写两次）',
  },
  'e.csv.quoteNotClosed': { 'en-US': 'a quoted field is not closed', 'zh-CN': '带引号的字段没有结束引号' },
  'e.csv.afterClosingQuote': {
    'en-US': 'characters follow the closing quote of a field',
    'zh-CN': '字段的结束引号后还有其他字符',
  },
  'e.csv.rowTooLong': { 'en-US': 'a row is longer than 64 KB', 'zh-CN': '某一行超过 64 KB' },
  'e.csv.unreadable': { 'en-US': 'it cannot be read as CSV', 'zh-CN': '无法按 CSV 读取' },
  'e.upload.tooManyColumns': { 'en-US': 'The file has more than {max} extra columns', 'zh-CN': '文件的额外列超过 {max} 个' },
  'e.upload.tooLarge': { 'en-US': 'The file is larger than 200 MB', 'zh-CN': '文件超过 200 MB' },
  'e.upload.wrongType': { 'en-US': 'Only CSV files can be uploaded', 'zh-CN': '只能上传 CSV 文件' },
  'e.upload.aborted': { 'en-US': 'The upload was aborted; nothing was stored', 'zh-CN': '上传已中止，未保存任何数据' },
  'row.phoneMissing': { 'en-US': 'Phone number is missing', 'zh-CN': '缺少电话号码' },
  'row.phoneInvalid': { 'en-US': "Phone number does not fit the project's encryption type", 'zh-CN': '电话号码不符合项目的加密类型' },
  'row.businessInfoInvalid': {
    'en-US': 'businessInfo is not in query-string form (key=value&key=value)',
    'zh-CN': 'businessInfo 不是查询字符串格式（key=value&key=value）',
  },
  'row.valueTooLong': { 'en-US': 'A value is too long', 'zh-CN': '字段值过长' },
  'row.columnCount': { 'en-US': 'The row does not have as many columns as the header', 'zh-CN': '该行的列数与表头不一致' },

  'f.username': { 'en-US': 'User name', 'zh-CN': '用户名' },
  'f.password': { 'en-US': 'Password', 'zh-CN': '密码' },
  'f.role': { 'en-US': 'Role', 'zh-CN': '身份' },
  'f.force': { 'en-US': 'Force sign-in', 'zh-CN': '强制登录' },
  'f.remember': { 'en-US': 'Remember me', 'zh-CN': '记住我' },
  'f.alias': { 'en-US': 'Alias', 'zh-CN': '别名' },
  'f.email': { 'en-US': 'E-mail', 'zh-CN': '邮箱' },
  'f.phoneNumber': { 'en-US': 'Phone number', 'zh-CN': '电话号码' },
  'f.currentPassword': { 'en-US': 'Current password', 'zh-CN': '当前密码' },
  'f.newPassword': { 'en-US': 'New password', 'zh-CN': '新密码' },
  'f.confirmPassword': { 'en-US': 'Confirm password', 'zh-CN': '确认密码' },
  'f.companyName': { 'en-US': 'Company name', 'zh-CN': '公司名称' },
  'f.contactName': { 'en-US': 'Contact name', 'zh-CN': '联系人' },
  'f.message': { 'en-US': 'Message', 'zh-CN': '留言' },
  'f.note': { 'en-US': 'Note', 'zh-CN': '备注' },
  'f.name': { 'en-US': 'Name', 'zh-CN': '名称' },
  // Labels several areas share: defined once here (an area module redefining one would silently win).
  'f.id': { 'en-US': 'ID', 'zh-CN': 'ID' },
  'f.keyword': { 'en-US': 'Keyword', 'zh-CN': '关键字' },
  'f.companyId': { 'en-US': 'Company', 'zh-CN': '公司' },
  'f.kind': { 'en-US': 'Kind', 'zh-CN': '类型' },
  'f.state': { 'en-US': 'State', 'zh-CN': '状态' },
  'f.concurrency': { 'en-US': 'Concurrency', 'zh-CN': '并发数' },
  'f.mode': { 'en-US': 'Mode', 'zh-CN': '模式' },
  'f.vendor': { 'en-US': 'Company (vendor)', 'zh-CN': '所属厂商' },
  'f.suffix': { 'en-US': 'Suffix', 'zh-CN': '后缀' },
  'f.adminEmail': { 'en-US': 'Admin e-mail', 'zh-CN': '管理员邮箱' },
  'f.page': { 'en-US': 'Page', 'zh-CN': '页码' },
  'f.pageSize': { 'en-US': 'Page size', 'zh-CN': '每页条数' },
  'f.body': { 'en-US': 'Request body', 'zh-CN': '请求体' },
  'f.scenarioId': { 'en-US': 'Scenario', 'zh-CN': '场景' },
  'f.voiceId': { 'en-US': 'Voice', 'zh-CN': '音色' },
  'f.sipLineIds': { 'en-US': 'SIP lines', 'zh-CN': 'SIP 线路' },
  'f.callStart': { 'en-US': 'Call window start', 'zh-CN': '呼叫开始时间' },
  'f.callEnd': { 'en-US': 'Call window end', 'zh-CN': '呼叫结束时间' },
  'f.weekdays': { 'en-US': 'Call days', 'zh-CN': '呼叫周期' },
  'f.count': { 'en-US': 'Concurrency', 'zh-CN': '并发数' },
  'f.prologues': { 'en-US': 'Prologues', 'zh-CN': '开场白' },
  'f.pauseSeconds': { 'en-US': 'Pause time', 'zh-CN': '停顿时间' },
  'f.silenceThresholdSeconds': { 'en-US': 'Silence threshold', 'zh-CN': '静默阈值' },
  'f.silenceMaxAttempts': { 'en-US': 'Maximum wake-ups', 'zh-CN': '最大唤醒次数' },
  'f.silenceWords': { 'en-US': 'Wake-up words', 'zh-CN': '唤醒话术' },
  'f.timeoutHangupSeconds': { 'en-US': 'Timeout hang-up time', 'zh-CN': '超时挂断时间' },
  'f.timeoutReply': { 'en-US': 'Timeout reply', 'zh-CN': '超时回复' },
} as const satisfies Record<string, Record<Locale, string>>;

/**
 * Every area keeps its own messages in `messages/<area>.ts` (data only, both languages side by side) and
 * is spread in here, so areas grow without touching each other's lines.
 */
export const MESSAGES = {
  ...CORE_MESSAGES,
  ...DNC_MESSAGES,
  ...ACCESS_REQUESTS_MESSAGES,
  ...COMPANIES_MESSAGES,
  ...VOICES_MESSAGES,
  ...TAGS_MESSAGES,
  ...ACCOUNTS_MESSAGES,
  ...SIP_LINES_MESSAGES,
  ...LLMS_MESSAGES,
  ...PROCESSORS_MESSAGES,
  ...SCENARIOS_MESSAGES,
  ...PROJECTS_MESSAGES,
  ...TASKS_MESSAGES,
  ...CALL_RECORDS_MESSAGES,
  ...BOARDS_MESSAGES,
  ...SEAT_CALLS_MESSAGES,
  ...SEAT_MESSAGES,
  ...WEBCALL_MESSAGES,
  ...SPEECH_CREDENTIALS_MESSAGES,
  ...TEMPLATES_MESSAGES,
  ...API_KEYS_MESSAGES,
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

export function translate(key: string, locale: Locale, params: Record<string, string | number> = {}): string {
  const template = isMessageKey(key) ? MESSAGES[key][locale] : key;
  // A parameter that is itself a message key (a reason inside a message) is shown translated too.
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    return isMessageKey(value) ? MESSAGES[value][locale] : value;
  });
}

/** An array index in a path: a number from zod, a digit string from the server's validation error. */
const isIndex = (part: PropertyKey): boolean => typeof part === 'number' || (typeof part === 'string' && /^\d+$/.test(part));

/**
 * Label of a field path, e.g. ['profile','email'] → "E-mail"; an entry of a list names the list and its place
 * (['keywords', 1] → "Keywords, item 2"); unknown fields show their path.
 */
export function fieldLabel(path: readonly PropertyKey[], locale: Locale): string {
  const names = path.filter((part): part is string => typeof part === 'string' && !isIndex(part));
  const entry = path.length > 0 && isIndex(path[path.length - 1]!) ? Number(String(path[path.length - 1])) + 1 : null;
  const named = (label: string) => (entry === null ? label : translate('f.item', locale, { field: label, n: entry }));
  // A nested field may have a label of its own ('f.redial.count'); else its last named part's ('f.count').
  const dotted = `f.${names.join('.')}`;
  if (names.length > 1 && isMessageKey(dotted)) return named(translate(dotted, locale));
  const last = names.at(-1);
  if (last !== undefined && isMessageKey(`f.${last}`)) return named(translate(`f.${last}`, locale));
  return path.length > 0 ? path.map(String).join('.') : translate('f.body', locale);
}

/** The shape of a zod issue this module reads (kept structural so contracts need no zod internals). */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: unknown;
  values?: readonly unknown[];
  minimum?: unknown;
  maximum?: unknown;
  keys?: readonly string[];
  /** A custom issue's own values for its message (`{ values: 'abc, 12' }`). */
  params?: Readonly<Record<string, unknown>>;
}

/** One human sentence per issue, in the caller's language, naming the field. */
export function formatIssue(issue: IssueLike, locale: Locale): string {
  const field = fieldLabel(issue.path, locale);
  if (isMessageKey(issue.message)) {
    // A rule's own message (e.g. 'v.max' on a bounded number) may name the bound as well as the field.
    const bounds = Object.fromEntries(
      (['minimum', 'maximum'] as const).filter((key) => issue[key] !== undefined).map((key) => [key, String(issue[key])]),
    );
    const own = Object.fromEntries(Object.entries(issue.params ?? {}).map(([key, value]) => [key, String(value)]));
    return translate(issue.message, locale, { ...own, field, ...bounds });
  }
  switch (issue.code) {
    case 'invalid_type':
      return issue.message.includes('received undefined')
        ? translate('v.required', locale, { field })
        : translate('v.type', locale, { field, expected: String(issue.expected) });
    case 'invalid_value':
      return translate('v.enum', locale, { field, options: (issue.values ?? []).map(String).join(', ') });
    case 'too_small':
      return translate('v.min', locale, { field, minimum: String(issue.minimum) });
    case 'too_big':
      return translate('v.max', locale, { field, maximum: String(issue.maximum) });
    case 'unrecognized_keys':
      return translate('v.unknownKey', locale, { field: (issue.keys ?? []).join(', ') });
    default:
      return translate('v.invalid', locale, { field });
  }
}
