import type { TelephonyLogger } from '../telephony-logger.ts';
import type { MediaClock } from '../media/media-clock.ts';
import type { RtpPortPool } from '../media/rtp-ports.ts';
import type { SipEndpoint } from './sip-endpoint.ts';

/** RFC 3261 timers (§17.1.1.1, table 4), shortened where a dialer has no reason to wait as long. */
export interface SipTimers {
  /** Round-trip estimate: the INVITE is resent after T1, 2·T1, 4·T1… until a response (timer A). */
  t1Ms: number;
  /** Cap of the resend interval of CANCEL and BYE (timer E). */
  t2Ms: number;
  /** A request nobody answers is given up after this (timers B and F, 64·T1 in the RFC). */
  transactionTimeoutMs: number;
  /** How long an ended call still answers retransmissions (timers D, K, J). */
  lingerMs: number;
}

export const DEFAULT_SIP_TIMERS: SipTimers = { t1Ms: 500, t2Ms: 4000, transactionTimeoutMs: 32_000, lingerMs: 32_000 };

/** What the trunk shares with each of its calls. */
export interface SipCallContext {
  endpoint: SipEndpoint;
  clock: MediaClock;
  ports: RtpPortPool;
  timers: SipTimers;
  logger: TelephonyLogger;
  maxDurationMs: number;
  /** Hang up an answered call that received no RTP for this long (0: never). */
  rtpTimeoutMs: number;
  /** See SipTrunkOptions.rtpStrictSource. */
  rtpStrictSource: boolean;
  recordingPath: string | null;
  /** The call has ended (the trunk forgets it). */
  onFinished: () => void;
}

export const ALLOW = 'INVITE, ACK, CANCEL, BYE, OPTIONS, INFO, UPDATE';
/** Q.850 cause 16, "normal call clearing": what carriers log for an ordinary hang-up. */
export const NORMAL_CLEARING = 'Q.850;cause=16;text="Normal call clearing"';
