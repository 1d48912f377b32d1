import type { Locale } from '../../common/locale.ts';

/** Operation area — the voice catalogue. */
export const VOICES_MESSAGES = {
  'v.voice.nickname': { 'en-US': 'Nickname must be 1–20 characters', 'zh-CN': '昵称长度须为 1–20 个字符' },
  'v.voice.nicknameChars': {
    'en-US': 'Nickname may contain only English letters, digits or Chinese characters',
    'zh-CN': '昵称只能包含英文字母、数字或中文',
  },
  'v.voice.originalVoiceId': {
    'en-US': 'Voice ID may contain only English letters, digits, _, - and . (no spaces)',
    'zh-CN': '音色 ID 只能包含英文字母、数字、_、- 和 .（不含空格）',
  },
  'v.voice.clusterKey': { 'en-US': 'Cluster key may contain only letters, digits, _ . -', 'zh-CN': '集群 Key 只能包含字母、数字及 _ . -' },

  'e.voice.nicknameTaken': { 'en-US': 'A voice nicknamed {nickname} already exists', 'zh-CN': '昵称为 {nickname} 的音色已存在' },
  'e.voice.granted': {
    'en-US': 'This voice is granted to {companies}; take it away from them first',
    'zh-CN': '该音色已授权给 {companies}，请先取消授权',
  },

  'f.nickname': { 'en-US': 'Nickname', 'zh-CN': '昵称' },
  'f.clusterKey': { 'en-US': 'Cluster key', 'zh-CN': '集群 Key' },
  'f.originalVoiceId': { 'en-US': 'Original voice ID', 'zh-CN': '原始音色 ID' },
} as const satisfies Record<string, Record<Locale, string>>;
