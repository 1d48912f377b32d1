import type { Locale } from '../common/locale.ts';

/** Projects: validation, refusals and field labels. */
export const PROJECTS_MESSAGES = {
  'v.project.name': { 'en-US': 'Project name must be 2–30 characters', 'zh-CN': '项目名称长度须为 2–30 个字符' },
  'v.project.apiUrl': { 'en-US': '{field} must be a valid http(s) URL', 'zh-CN': '{field}须为有效的 http(s) 地址' },
  'v.project.apiUrlRequired': {
    'en-US': 'A CUSTOM encryption type needs the API URL that resolves the numbers',
    'zh-CN': '自定义加密类型须填写用于解析号码的接口地址',
  },
  'e.project.nameTaken': { 'en-US': 'Your company already has a project named "{name}"', 'zh-CN': '贵公司已有名为「{name}」的项目' },
  'e.project.encryptionLocked': {
    'en-US': 'The encryption type cannot be changed after the project is created',
    'zh-CN': '项目创建后不能修改加密类型',
  },
  'e.project.hasRunningTask': {
    'en-US': 'This project has a task in progress: pause or abort it before deleting the project',
    'zh-CN': '该项目有进行中的任务，请先暂停或终止任务再删除项目',
  },
  'f.encryptionType': { 'en-US': 'Encryption type', 'zh-CN': '加密类型' },
  'f.encryptionApiUrl': { 'en-US': 'Encryption API URL', 'zh-CN': '加密接口地址' },
  'f.projectId': { 'en-US': 'Project', 'zh-CN': '项目' },
} as const satisfies Record<string, Record<Locale, string>>;
