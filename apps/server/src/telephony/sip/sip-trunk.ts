/**
 * The real trunk: SIP over UDP to the carrier of each line, RTP with G.711, a WAV recording per call.
 * One UDP socket (one SipEndpoint) and one media clock serve every call of the process; each call has
 * its own RTP port from the configured range.
 *
 *   const trunk = new SipTrunk({ recordingsDir: recordingsDirOf(config.dataDir), sipPort: 5060 });
 *   await trunk.start();
 *   const call = trunk.dial({ to: '13800000000', callerId: '02100000000', line, ringTimeoutMs: 45_000 });
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { SILENT_LOGGER, type TelephonyLogger } from '../telephony-logger.ts';
import { MediaClock } from '../media/media-clock.ts';
import { DEFAULT_RTP_PORTS, RtpPortPool, type RtpPortRange } from '../media/rtp-ports.ts';
import { SipCall } from './sip-call.ts';
import { DEFAULT_SIP_TIMERS, type SipCallContext, type SipTimers } from './sip-call-context.ts';
import { SipEndpoint, type SipTrace } from './sip-endpoint.ts';
import type { CallHandle, DialRequest, Trunk } from '../trunk.ts';

export interface SipTrunkOptions {
  /** Folder of the recordings: `<recordingsDir>/<yyyy-mm-dd>/<callId>.wav` unless a call names its own path. */
  recordingsDir: string;
  /** Local address to bind SIP and RTP to; default every interface. */
  bindAddress?: string;
  /** Local SIP port; default 0 (any free port — carriers answer to the port in Via/Contact). */
  sipPort?: number;
  /** Address to put in Via, Contact and SDP when it is not the bound one (a public address behind NAT). */
  advertisedAddress?: string;
  rtpPorts?: RtpPortRange;
  timers?: Partial<SipTimers>;
  /** Default cap of an answered call's length; a request's `maxDurationMs` overrides it. Default 2 h. */
  maxCallMs?: number;
  /** Hang up an answered call that received no RTP for this long; 0 never. Default 60 s. */
  rtpTimeoutMs?: number;
  /**
   * Accept RTP only from the address the far end's SDP names (default true: the fast send path, and
   * no injected media). false for far ends that send from elsewhere (NATed phones; carriers do not).
   */
  rtpStrictSource?: boolean;
  userAgent?: string;
  /** Resolves a carrier's host name (default: the system resolver, cached a minute). */
  lookup?: (host: string) => Promise<string>;
  logger?: TelephonyLogger;
  /** Sees every SIP message in and out (tests, debugging). */
  trace?: SipTrace;
}

/** `<dataDir>/recordings`: where the server keeps recordings by default. */
export function recordingsDirOf(dataDir: string): string {
  return join(dataDir, 'recordings');
}

export function defaultRecordingPath(recordingsDir: string, callId: string, at = new Date()): string {
  return join(recordingsDir, at.toISOString().slice(0, 10), `${callId}.wav`);
}

export class SipTrunk implements Trunk {
  readonly kind = 'sip' as const;
  readonly endpoint: SipEndpoint;
  readonly clock: MediaClock;
  private readonly ports: RtpPortPool;
  private readonly live = new Set<SipCall>();
  private readonly shared: Omit<SipCallContext, 'recordingPath' | 'onFinished'>;
  private closing = false;

  constructor(private readonly options: SipTrunkOptions) {
    const logger = options.logger ?? SILENT_LOGGER;
    const bindAddress = options.bindAddress ?? '0.0.0.0';
    this.endpoint = new SipEndpoint({
      bindAddress,
      port: options.sipPort ?? 0,
      advertisedAddress: options.advertisedAddress,
      userAgent: options.userAgent ?? 'Dialwise',
      lookup: options.lookup,
      trace: options.trace,
      logger,
    });
    this.clock = new MediaClock((error) => logger.warn({ err: error }, 'media tick failed'));
    this.ports = new RtpPortPool(options.rtpPorts ?? DEFAULT_RTP_PORTS, bindAddress);
    this.shared = {
      endpoint: this.endpoint,
      clock: this.clock,
      ports: this.ports,
      timers: { ...DEFAULT_SIP_TIMERS, ...options.timers },
      logger,
      maxDurationMs: options.maxCallMs ?? 2 * 60 * 60 * 1000,
      rtpTimeoutMs: options.rtpTimeoutMs ?? 60_000,
      rtpStrictSource: options.rtpStrictSource ?? true,
    };
  }

  /** Binds the SIP socket (dial() does it on first use; call it to fail early on a taken port). */
  start(): Promise<void> {
    return this.endpoint.start();
  }

  /** The local SIP port (after start). */
  get sipPort(): number {
    return this.endpoint.port;
  }

  get activeCalls(): number {
    return this.live.size;
  }

  /** Calls answered and not ended yet. */
  get answeredCalls(): number {
    let n = 0;
    for (const call of this.live) if (call.state === 'answered') n++;
    return n;
  }

  dial(request: DialRequest): CallHandle {
    const callId = randomUUID();
    const recordingPath =
      request.record === false ? null : (request.recordingPath ?? defaultRecordingPath(this.options.recordingsDir, callId));
    const logger = (request.logger ?? this.shared.logger).child({ sipCallId: callId });
    // The call ends asynchronously, after `call` is assigned.
    const call: SipCall = new SipCall(request, { ...this.shared, recordingPath, logger, onFinished: () => this.live.delete(call) }, callId);
    if (this.closing) {
      call.requestEnd('trunk-closed');
    }
    this.live.add(call);
    this.endpoint
      .start()
      .then(
        () => call.start(),
        (error: unknown) => call.fail(`SIP socket could not be bound: ${String(error)}`),
      )
      .catch((error: unknown) => logger.warn({ err: error }, 'call setup threw'));
    return call;
  }

  async close(): Promise<void> {
    this.closing = true;
    const calls = [...this.live];
    for (const call of calls) call.requestEnd('trunk-closed');
    await Promise.all(calls.map((call) => call.ended));
    await this.endpoint.close();
  }
}
