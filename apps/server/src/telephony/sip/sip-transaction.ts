/**
 * Pieces of the SIP transaction layer the call uses: building a request from its parts, and the
 * non-INVITE client transaction (RFC 3261 §17.1.2) that carries our CANCEL and BYE — resent on timer E
 * (T1, doubling up to T2; every T2 once a provisional came) until a final response or timer F.
 */
import type { TelephonyLogger } from '../telephony-logger.ts';
import type { Peer, SipEndpoint } from './sip-endpoint.ts';
import { serializeSipMessage, SipHeaders, type SipRequest } from './sip-message.ts';

export interface RequestParts {
  method: string;
  uri: string;
  via: string;
  from: string;
  to: string;
  callId: string;
  cseq: number;
  /** Route headers, in order (the dialog's route set). */
  routes?: readonly string[];
  /** More headers after the mandatory ones. */
  headers?: ReadonlyArray<readonly [string, string]>;
  body?: string;
}

export function buildRequest(parts: RequestParts): SipRequest {
  const headers = new SipHeaders().add('Via', parts.via).add('Max-Forwards', '70');
  for (const route of parts.routes ?? []) headers.add('Route', route);
  headers.add('From', parts.from).add('To', parts.to).add('Call-ID', parts.callId).add('CSeq', `${parts.cseq} ${parts.method}`);
  for (const [name, value] of parts.headers ?? []) headers.add(name, value);
  return { kind: 'request', method: parts.method, uri: parts.uri, headers, body: parts.body ?? '' };
}

export interface TransactionTimers {
  t1Ms: number;
  t2Ms: number;
  transactionTimeoutMs: number;
}

export class NonInviteClient {
  done = false;
  private timerE: NodeJS.Timeout | null = null;
  private timerF: NodeJS.Timeout | null = null;
  private interval: number;
  private to: Peer | null = null;
  private readonly bytes: Buffer;

  /** Sends `message` once `peer` resolves, and keeps resending it until finish(). */
  constructor(
    readonly message: SipRequest,
    peer: Promise<Peer>,
    private readonly endpoint: SipEndpoint,
    private readonly timers: TransactionTimers,
    logger: TelephonyLogger,
  ) {
    this.bytes = serializeSipMessage(message);
    this.interval = timers.t1Ms;
    peer.then(
      (to) => {
        if (this.done) return;
        this.to = to;
        this.endpoint.sendBytes(this.bytes, to, message);
        this.timerE = setTimeout(this.resend, this.interval);
        this.timerF = setTimeout(() => this.finish(), timers.transactionTimeoutMs);
      },
      (error: unknown) => {
        this.done = true;
        logger.warn({ err: error, callId: message.headers.get('call-id') }, `cannot reach the far end for ${message.method}`);
      },
    );
  }

  get method(): string {
    return this.message.method;
  }

  /** A provisional came: the far end has it; resend only every T2 from now on. */
  onProvisional(): void {
    this.interval = this.timers.t2Ms;
  }

  finish(): void {
    this.done = true;
    if (this.timerE) clearTimeout(this.timerE);
    if (this.timerF) clearTimeout(this.timerF);
  }

  private readonly resend = () => {
    if (this.done || !this.to) return;
    this.endpoint.sendBytes(this.bytes, this.to, this.message);
    this.interval = Math.min(this.interval * 2, this.timers.t2Ms);
    this.timerE = setTimeout(this.resend, this.interval);
  };
}
