import type { Locale } from '../../common/locale.ts';

/** Processor catalogue (operation area): its form rules and refusals. */
export const PROCESSORS_MESSAGES = {
  'v.processor.alias': { 'en-US': 'Alias must be 1–10 characters', 'zh-CN': '别名长度须为 1–10 个字符' },
  'v.processor.temperature': { 'en-US': 'Temperature must be between 0 and 2', 'zh-CN': '温度须在 0 到 2 之间' },
  'v.processor.topP': { 'en-US': 'Top P must be between 0 and 1', 'zh-CN': 'Top P 须在 0 到 1 之间' },
  'v.processor.extraOptionsJson': { 'en-US': '{field} is not valid JSON', 'zh-CN': '{field}不是合法的 JSON' },
  'v.processor.extraOptionsObject': {
    'en-US': '{field} must be a JSON object, e.g. {"max_tokens": 256}',
    'zh-CN': '{field}须为 JSON 对象，如 {"max_tokens": 256}',
  },
  'v.processor.extraOptionsReserved': {
    'en-US': '{field} may not set model, messages, stream, temperature or top_p (they have their own fields)',
    'zh-CN': '{field}不能设置 model、messages、stream、temperature 或 top_p（它们有单独的字段）',
  },

  'e.processor.aliasExists': { 'en-US': 'A processor with this alias already exists', 'zh-CN': '已存在同名的处理器' },
  'e.processor.inUse': {
    'en-US': 'This processor is used by the scenarios {scenarios}; remove it from them first',
    'zh-CN': '该处理器正被场景 {scenarios} 使用，请先从这些场景中移除',
  },
  'e.processor.typeInUse': {
    'en-US': 'The type cannot change while the scenarios {scenarios} use this processor',
    'zh-CN': '该处理器正被场景 {scenarios} 使用，不能修改类型',
  },
  'e.processor.granted': {
    'en-US': 'This processor is granted to {companies}; revoke the grants first',
    'zh-CN': '该处理器已授权给 {companies}，请先取消授权',
  },
  'e.processor.llmMissing': { 'en-US': 'The chosen model no longer exists; choose another', 'zh-CN': '所选模型已不存在，请重新选择' },
  'e.processor.llmVendor': { 'en-US': 'The chosen model does not belong to {vendor}', 'zh-CN': '所选模型不属于 {vendor}' },
  'f.type': { 'en-US': 'Type', 'zh-CN': '类型' },
  'f.isPublic': { 'en-US': 'Public', 'zh-CN': '公开' },
  'f.llmVendor': { 'en-US': 'LLM company', 'zh-CN': '模型厂商' },
  'f.llmId': { 'en-US': 'Model', 'zh-CN': '模型' },
  'f.systemPrompt': { 'en-US': 'System prompt', 'zh-CN': '系统提示词' },
  'f.temperature': { 'en-US': 'Temperature', 'zh-CN': '温度' },
  'f.topP': { 'en-US': 'Top P', 'zh-CN': 'Top P' },
  'f.extraOptions': { 'en-US': 'Extra options', 'zh-CN': '额外参数' },
} as const satisfies Record<string, Record<Locale, string>>;
