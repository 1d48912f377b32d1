/**
 * The SIP transport of a trunk: one UDP socket for every call of the process. Incoming messages are
 * parsed once and handed to the call that owns their Call-ID; what matches no call gets the answer
 * RFC 3261 asks for (481 to requests, 200 to OPTIONS keep-alives, silence to stray responses).
 */
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { lookup } from 'node:dns/promises';
import { isIP, isIPv6 } from 'node:net';
import { SILENT_LOGGER, type TelephonyLogger } from '../telephony-logger.ts';
import { parseSipMessage, serializeSipMessage, SipHeaders, type SipMessage, type SipRequest, type SipResponse } from './sip-message.ts';
import { tagOf } from './sip-address.ts';

export interface Peer {
  address: string;
  port: number;
}

/** Every SIP message in and out, for tests and debugging (never logged by default: it carries digests). */
export type SipTrace = (direction: 'in' | 'out', message: SipMessage, peer: Peer) => void;

export interface SipMessageHandler {
  onSipMessage(message: SipMessage, from: Peer): void;
  /** The endpoint is closing: stop every timer. */
  dispose(): void;
}

export interface SipEndpointOptions {
  bindAddress: string;
  port: number;
  /** The address written in Via/Contact/SDP when it differs from the bound one (NAT, or bound to 0.0.0.0). */
  advertisedAddress?: string;
  userAgent: string;
  /** Host name → address; default the system resolver (A/AAAA). A place for SRV or a fixed map. */
  lookup?: (host: string) => Promise<string>;
  trace?: SipTrace;
  logger?: TelephonyLogger;
}

const DNS_TTL_MS = 60_000;

export class SipEndpoint {
  private socket: Socket | null = null;
  private readonly handlers = new Map<string, SipMessageHandler>();
  private readonly dns = new Map<string, { address: string; until: number }>();
  private readonly localFor = new Map<string, string>();
  private starting: Promise<void> | null = null;
  private readonly logger: TelephonyLogger;
  /** Datagrams that were not SIP (counted, not logged one by one: a flood must not flood the log). */
  malformed = 0;

  constructor(private readonly options: SipEndpointOptions) {
    this.logger = options.logger ?? SILENT_LOGGER;
  }

  get port(): number {
    const address = this.socket?.address();
    return address ? address.port : 0;
  }

  get userAgent(): string {
    return this.options.userAgent;
  }

  start(): Promise<void> {
    this.starting ??= new Promise((resolve, reject) => {
      const socket = createSocket({ type: isIPv6(this.options.bindAddress) ? 'udp6' : 'udp4' });
      socket.once('error', reject);
      socket.bind({ port: this.options.port, address: this.options.bindAddress, exclusive: true }, () => {
        socket.off('error', reject);
        socket.on('error', (error) => this.logger.warn({ err: error }, 'SIP socket error'));
        socket.on('message', (data, rinfo) => this.receive(data, rinfo));
        this.socket = socket;
        resolve();
      });
    });
    return this.starting;
  }

  register(callId: string, handler: SipMessageHandler): void {
    this.handlers.set(callId, handler);
  }

  unregister(callId: string, handler: SipMessageHandler): void {
    if (this.handlers.get(callId) === handler) this.handlers.delete(callId);
  }

  get registered(): number {
    return this.handlers.size;
  }

  send(message: SipMessage, to: Peer): void {
    this.sendBytes(serializeSipMessage(message), to, message);
  }

  /** Sends bytes already serialised (retransmissions reuse the first serialisation). */
  sendBytes(bytes: Buffer, to: Peer, message?: SipMessage): void {
    // After close() lingering calls may still try a retransmission: there is nobody left to tell.
    if (!this.socket) return;
    if (message && this.options.trace) this.options.trace('out', message, to);
    this.socket.send(bytes, to.port, to.address);
  }

  /** Resolves a host name to an address (A/AAAA via the system resolver, cached a minute). No SRV/NAPTR. */
  async resolve(host: string): Promise<string> {
    const bare = host.startsWith('[') ? host.slice(1, -1) : host;
    if (isIP(bare)) return bare;
    const cached = this.dns.get(bare);
    if (cached && cached.until > Date.now()) return cached.address;
    const address = this.options.lookup
      ? await this.options.lookup(bare)
      : (await lookup(bare, { family: isIPv6(this.options.bindAddress) ? 6 : 4 })).address;
    this.dns.set(bare, { address, until: Date.now() + DNS_TTL_MS });
    return address;
  }

  /**
   * The address the far end should reach us at: the configured one, else the bound one, else (bound to
   * the wildcard) the local address the kernel routes `remote` through — found once per destination by
   * connecting a throw-away UDP socket (nothing is sent).
   */
  async localAddressFor(remote: string): Promise<string> {
    if (this.options.advertisedAddress) return this.options.advertisedAddress;
    if (this.options.bindAddress !== '0.0.0.0' && this.options.bindAddress !== '::') return this.options.bindAddress;
    const cached = this.localFor.get(remote);
    if (cached) return cached;
    const address = await new Promise<string>((resolve, reject) => {
      const probe = createSocket(isIPv6(remote) ? 'udp6' : 'udp4');
      probe.once('error', (error) => {
        probe.close();
        reject(error);
      });
      probe.connect(9, remote, () => {
        const local = probe.address().address;
        probe.close();
        resolve(local);
      });
    });
    this.localFor.set(remote, address);
    return address;
  }

  /** Answers a request with a response built from it (Via, From, To, Call-ID and CSeq copied). */
  respond(
    request: SipRequest,
    status: number,
    reason: string,
    to: Peer,
    options: { toTag?: string; headers?: Array<[string, string]>; body?: string } = {},
  ): void {
    const headers = new SipHeaders();
    for (const via of request.headers.raw('via')) headers.add('Via', via);
    headers.add('From', request.headers.get('from') ?? '');
    const toValue = request.headers.get('to') ?? '';
    headers.add('To', options.toTag && !tagOf(toValue) ? `${toValue};tag=${options.toTag}` : toValue);
    headers.add('Call-ID', request.headers.get('call-id') ?? '');
    headers.add('CSeq', request.headers.get('cseq') ?? '');
    headers.add('Server', this.options.userAgent);
    for (const [name, value] of options.headers ?? []) headers.add(name, value);
    const response: SipResponse = { kind: 'response', status, reason, headers, body: options.body ?? '' };
    this.send(response, to);
  }

  async close(): Promise<void> {
    for (const handler of [...this.handlers.values()]) handler.dispose();
    this.handlers.clear();
    const socket = this.socket;
    this.socket = null;
    this.starting = null;
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  private receive(data: Buffer, rinfo: RemoteInfo): void {
    if (data.length <= 4 && data.toString('latin1').trim() === '') return; // CRLF keep-alive
    let message: SipMessage;
    try {
      message = parseSipMessage(data);
    } catch {
      this.malformed++;
      return;
    }
    const from: Peer = { address: rinfo.address, port: rinfo.port };
    this.options.trace?.('in', message, from);
    const callId = message.headers.get('call-id');
    const handler = callId ? this.handlers.get(callId) : undefined;
    if (handler) {
      try {
        handler.onSipMessage(message, from);
      } catch (error) {
        this.logger.warn({ err: error, callId }, 'SIP message handler threw');
      }
      return;
    }
    if (message.kind === 'response' || message.method === 'ACK') return;
    if (message.method === 'OPTIONS')
      this.respond(message, 200, 'OK', from, { toTag: 'dw-options', headers: [['Allow', 'INVITE, ACK, CANCEL, BYE, OPTIONS']] });
    else this.respond(message, 481, 'Call/Transaction Does Not Exist', from, { toTag: 'dw-none' });
  }
}
