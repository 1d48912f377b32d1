/**
 * The INVITE client transaction of one call (RFC 3261 §17.1.1): builds the INVITE, resends it on timer
 * A until a response, gives up on timer B, and re-sends it with credentials when challenged. Earlier
 * INVITEs (replaced after a challenge) are kept so their late finals can still be ACKed.
 */
import type { DialRequest } from '../trunk.ts';
import type { TimerSet } from '../timer-set.ts';
import { ALLOW, type SipTimers } from './sip-call-context.ts';
import type { SipDialog } from './sip-dialog.ts';
import { answerAsLine, readChallenge } from './sip-digest.ts';
import type { SipEndpoint } from './sip-endpoint.ts';
import { serializeSipMessage, SipHeaders, type SipRequest, type SipResponse } from './sip-message.ts';

export interface InviteClientDeps {
  callId: string;
  request: DialRequest;
  dialog: SipDialog;
  endpoint: SipEndpoint;
  timers: SipTimers;
  schedule: TimerSet;
  /** The dialog's next CSeq number (the INVITE, BYE and stray hang-ups share one counter). */
  nextCseq: () => number;
  /** Still waiting for a first response: retransmissions stop as soon as this is false. */
  waiting: () => boolean;
  /** Timer B fired. */
  onTimeout: () => void;
}

export class InviteClient {
  current: { message: SipRequest; bytes: Buffer; cseq: number } | null = null;
  private readonly past = new Map<number, SipRequest>();
  /** The Authorization or Proxy-Authorization header of the last INVITE (the 2xx ACK repeats it). */
  auth: [string, string] | null = null;
  private authAttempts = 0;
  private sdp = '';
  private timerA: NodeJS.Timeout | null = null;
  private timerB: NodeJS.Timeout | null = null;

  constructor(private readonly deps: InviteClientDeps) {}

  /** Sends an INVITE with this SDP offer (kept for the challenge's re-send). */
  send(sdp: string): void {
    const { dialog, endpoint, request } = this.deps;
    this.sdp = sdp;
    const cseq = this.deps.nextCseq();
    const headers = new SipHeaders()
      .add('Via', dialog.via())
      .add('Max-Forwards', '70')
      .add('From', dialog.fromValue)
      .add('To', dialog.toValue)
      .add('Call-ID', this.deps.callId)
      .add('CSeq', `${cseq} INVITE`)
      .add('Contact', dialog.contact())
      .add('Allow', ALLOW)
      .add('User-Agent', endpoint.userAgent);
    for (const [name, value] of Object.entries(request.headers ?? {})) headers.add(name, value);
    if (this.auth) headers.add(...this.auth);
    headers.add('Content-Type', 'application/sdp');
    const message: SipRequest = { kind: 'request', method: 'INVITE', uri: dialog.requestUri, headers, body: sdp };
    const bytes = serializeSipMessage(message);
    this.current = { message, bytes, cseq };
    this.past.set(cseq, message);
    endpoint.sendBytes(bytes, dialog.nextHop!, message);

    let interval = this.deps.timers.t1Ms;
    const retransmit = () => {
      if (!this.deps.waiting() || this.current?.bytes !== bytes) return;
      endpoint.sendBytes(bytes, dialog.nextHop!, message);
      interval *= 2;
      this.timerA = this.deps.schedule.after(interval, retransmit);
    };
    this.stopTimers();
    this.timerA = this.deps.schedule.after(interval, retransmit);
    this.timerB = this.deps.schedule.after(this.deps.timers.transactionTimeoutMs, this.deps.onTimeout);
  }

  /** A response came (or the call ended): no more retransmissions, no timer B. */
  stopTimers(): void {
    this.deps.schedule.clear(this.timerA, this.timerB);
  }

  /** An INVITE this call sent earlier, by CSeq number. */
  earlier(seq: number): SipRequest | undefined {
    return this.past.get(seq);
  }

  /** Re-sends the INVITE with credentials (new CSeq, new branch). False when we cannot or already failed. */
  answerChallenge(response: SipResponse): boolean {
    const carrier = readChallenge(response);
    // A second challenge means our credentials were refused, unless the nonce merely went stale.
    if (!carrier || (this.authAttempts > 0 && !carrier.challenge.stale) || this.authAttempts >= 3) return false;
    this.authAttempts++;
    this.auth = answerAsLine(carrier, this.deps.request.line, 'INVITE', this.deps.dialog.requestUri, this.sdp);
    this.send(this.sdp);
    return true;
  }
}
