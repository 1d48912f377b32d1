/**
 * The telephony engine's public surface, for the dialer and the conversation runtime. See trunk.ts for
 * the contract, docs/telephony.md for the figures and the decisions.
 */
export type {
  Trunk,
  SipLine,
  AudioCodec,
  DialRequest,
  CallHandle,
  CallState,
  CallEvent,
  CallEventMap,
  AudioFrame,
  Utterance,
  TextChannel,
  AnswerInfo,
  CallResult,
  RecordingInfo,
  EndReason,
  VoiceSource,
  VoiceFrame,
} from './trunk.ts';
export { CALL_STATES, END_REASONS, isDialable } from './trunk.ts';
export { SipTrunk, recordingsDirOf, defaultRecordingPath, type SipTrunkOptions } from './sip/sip-trunk.ts';
export { DEFAULT_SIP_TIMERS, type SipTimers } from './sip/sip-call-context.ts';
export { SimulatedTrunk, type SimulatedTrunkOptions } from './simulated/simulated-trunk.ts';
export { DEFAULT_OUTCOME_MIX, type CalleePlan, type OutcomeMix, type Persona } from './simulated/simulated-callee.ts';
export {
  CallSession,
  KillableDelay,
  type CallStep,
  type SpokenLine,
  type SessionResult,
  type CallSessionOptions,
} from './session/call-session.ts';
export { PlayPrologueStep, standInSpeech, type Prologue, type PlayPrologueOptions } from './session/play-prologue-step.ts';
export { TalkStep } from './session/talk-step.ts';
export { writeSyntheticRecording } from './media/synthetic-recording.ts';
export { outcomeOfStatus } from './outcome.ts';
export { TimerSet } from './timer-set.ts';
export { tone, silence, rms, SAMPLE_RATE, FRAME_MS, FRAME_SAMPLES } from '../audio/pcm.ts';
export { parseWavHeader, type WavFormat } from './media/wav-writer.ts';
export { SILENT_LOGGER, type TelephonyLogger } from './base-call.ts';
export { BrowserCall, type BrowserLegSink, type BrowserCallOptions } from './browser-call.ts';
