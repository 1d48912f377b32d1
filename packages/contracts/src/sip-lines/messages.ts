import type { Locale } from '../common/locale.ts';

/** SIP lines: validation, errors and field labels. */
export const SIP_LINES_MESSAGES = {
  'v.sip.concurrency': { 'en-US': 'Concurrency must be 1–1000', 'zh-CN': '并发数须为 1–1000' },
  'v.sip.cps': { 'en-US': 'Calls per second must be 1–100', 'zh-CN': '每秒呼叫数须为 1–100' },
  'v.sip.port': { 'en-US': 'Port must be 1–65535', 'zh-CN': '端口须为 1–65535' },
  'v.sip.domain': { 'en-US': 'Domain must be a host name or an IP address', 'zh-CN': '域名须为主机名或 IP 地址' },
  'e.sip.aliasTaken': { 'en-US': 'A SIP line named "{alias}" already exists', 'zh-CN': '名为「{alias}」的 SIP 线路已存在' },

  'f.cps': { 'en-US': 'Calls per second', 'zh-CN': '每秒呼叫数' },
  'f.trunk': { 'en-US': 'Trunk', 'zh-CN': '中继类型' },
  'f.sipUsername': { 'en-US': 'SIP user name', 'zh-CN': 'SIP 用户名' },
  'f.domain': { 'en-US': 'Domain', 'zh-CN': '域名' },
  'f.port': { 'en-US': 'Port', 'zh-CN': '端口' },
} as const satisfies Record<string, Record<Locale, string>>;
