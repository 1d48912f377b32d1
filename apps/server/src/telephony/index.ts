/**
 * The telephony engine's public surface: what the dialer, the conversation runtime, the seat, the speech
 * engines and the benches use. See trunk.ts for the contract, docs/telephony.md for the figures and the
 * decisions. PCM helpers live below telephony, in audio/pcm.ts.
 */
export type { Trunk, SipLine, CallHandle, CallEventMap, AudioFrame, CallResult, VoiceSource, VoiceFrame } from './trunk.ts';
export { SipTrunk, recordingsDirOf } from './sip/sip-trunk.ts';
export { SimulatedTrunk } from './simulated/simulated-trunk.ts';
export { CalleeScript, seededRandom, SIT_SEQUENCE, type OutcomeMix, type Persona } from './simulated/simulated-callee.ts';
export { decodeG711, encodeG711, linearToUlaw, ulawToLinear } from './media/g711.ts';
export { BenchCall } from './bench-call.ts';
export { CallSession, type CallStep } from './session/call-session.ts';
export { PlayPrologueStep, type Prologue } from './session/play-prologue-step.ts';
export { TalkStep } from './session/talk-step.ts';
export { TimerSet } from './timer-set.ts';
export { SILENT_LOGGER, type TelephonyLogger } from './telephony-logger.ts';
export { BrowserCall } from './browser-call.ts';
