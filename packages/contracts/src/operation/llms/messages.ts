import type { Locale } from '../../common/locale.ts';

/** LLM catalogue (operation area): validation, errors, the test action's outcomes and field labels. */
export const LLMS_MESSAGES = {
  'v.llm.url': { 'en-US': '{field} must be an http:// or https:// address', 'zh-CN': '{field}须为 http:// 或 https:// 地址' },
  'v.llm.keyName': {
    'en-US': '{field} must be an HTTP header name (letters, digits and - only, e.g. Authorization or api-key)',
    'zh-CN': '{field}须为 HTTP 请求头名称（仅字母、数字和 -，如 Authorization 或 api-key）',
  },

  'e.llm.inUse': {
    'en-US': 'This model is used by the processors {processors}; point them at another model first',
    'zh-CN': '该模型正被处理器 {processors} 使用，请先为它们更换模型',
  },
  'e.llm.notChat': { 'en-US': 'Only chat models can be tested with a chat completion', 'zh-CN': '只有对话模型可以用对话补全接口测试' },
  'e.llm.keyUnreadable': {
    'en-US': 'The stored API key cannot be opened (was the secret key changed?); enter the key again',
    'zh-CN': '无法解密已保存的 API 密钥（密钥文件是否已更换？），请重新填写密钥',
  },
  'e.llm.test.unauthorized': {
    'en-US': 'The provider refused the key (HTTP {status}): {detail}',
    'zh-CN': '服务商拒绝了该密钥（HTTP {status}）：{detail}',
  },
  'e.llm.test.notFound': {
    'en-US': 'Nothing answers at this URL (HTTP 404); check the URL and the called model name: {detail}',
    'zh-CN': '该地址无对应接口（HTTP 404），请检查 URL 和调用名称：{detail}',
  },
  'e.llm.test.http': { 'en-US': 'The provider answered HTTP {status}: {detail}', 'zh-CN': '服务商返回 HTTP {status}：{detail}' },
  'e.llm.test.timeout': { 'en-US': 'No answer within {seconds} s (timeout)', 'zh-CN': '{seconds} 秒内无响应（超时）' },
  'e.llm.test.network': { 'en-US': 'The provider could not be reached: {detail}', 'zh-CN': '无法连接服务商：{detail}' },
  'e.llm.test.badJson': {
    'en-US': 'The answer is not JSON (HTTP {status}); is this an OpenAI-compatible endpoint? It began: {detail}',
    'zh-CN': '返回内容不是 JSON（HTTP {status}），该地址是否兼容 OpenAI 接口？开头为：{detail}',
  },
  'e.llm.test.noReply': {
    'en-US': 'The answer holds no reply (no choices[0].message.content)',
    'zh-CN': '返回内容中没有回复（缺少 choices[0].message.content）',
  },
  'f.modelType': { 'en-US': 'Model type', 'zh-CN': '模型类型' },
  'f.modelName': { 'en-US': 'Model name', 'zh-CN': '模型名称' },
  'f.calledName': { 'en-US': 'Called name', 'zh-CN': '调用名称' },
  'f.tag': { 'en-US': 'Tag', 'zh-CN': '标签' },
  'f.url': { 'en-US': 'URL', 'zh-CN': 'URL' },
  'f.apiKey': { 'en-US': 'API key', 'zh-CN': 'API 密钥' },
  'f.keyName': { 'en-US': 'Key name (header)', 'zh-CN': '密钥名称（请求头）' },
  'f.clearApiKey': { 'en-US': 'Remove the key', 'zh-CN': '清除密钥' },
  'f.prompt': { 'en-US': 'Prompt', 'zh-CN': '提示词' },
  'f.timeoutMs': { 'en-US': 'Timeout', 'zh-CN': '超时时间' },
} as const satisfies Record<string, Record<Locale, string>>;
