/**
 * The dialog side of an outbound call (RFC 3261 §12): who we are (From, its tag, Contact), who answered
 * (To with its tag, the remote target, the route set) and how requests inside the dialog are built and
 * sent — the 2xx ACK, BYE, and the hop-by-hop ACK of a refused INVITE. `SipCall` owns one and keeps
 * the transactions; this keeps the addressing.
 */
import type { TelephonyLogger } from '../telephony-logger.ts';
import type { DialRequest } from '../trunk.ts';
import { hostPort, parseNameAddr, parseSipUri, quoteDisplay, tagOf, token } from './sip-address.ts';
import type { Peer, SipEndpoint } from './sip-endpoint.ts';
import { serializeSipMessage, type SipRequest, type SipResponse } from './sip-message.ts';
import { buildRequest, type RequestParts } from './sip-transaction.ts';

export class SipDialog {
  readonly fromTag = token(8);
  readonly requestUri: string;
  readonly fromValue: string;
  readonly toValue: string;
  /** Where requests go before the dialog exists (the carrier or the outbound proxy). */
  nextHop: Peer | null = null;
  /** Our address towards the next hop (Via, Contact, SDP). */
  localAddress = '';
  private remoteTo = '';
  private remoteTarget = '';
  private routeSet: string[] = [];
  private peer: Promise<Peer> | null = null;
  private ack: { message: SipRequest; bytes: Buffer } | null = null;

  constructor(
    private readonly callId: string,
    private readonly request: DialRequest,
    private readonly endpoint: SipEndpoint,
    private readonly logger: TelephonyLogger,
  ) {
    const { line } = request;
    const domain = hostPort(line.domain, line.port === 5060 ? null : line.port);
    this.requestUri = `sip:${request.to}@${domain}`;
    const caller = request.callerId || line.username;
    this.fromValue = `${quoteDisplay(caller)} <sip:${caller}@${hostPort(line.domain, null)}>;tag=${this.fromTag}`;
    this.toValue = `<sip:${request.to}@${hostPort(line.domain, null)}>`;
  }

  via(): string {
    return `SIP/2.0/UDP ${hostPort(this.localAddress, this.endpoint.port)};branch=z9hG4bK${token(10)};rport`;
  }

  contact(): string {
    return `<sip:${this.request.line.username}@${hostPort(this.localAddress, this.endpoint.port)}>`;
  }

  /** The remote target used for challenges of in-dialog requests. */
  get target(): string {
    return this.remoteTarget;
  }

  /** The To tag of the answer that made the dialog (null before it). */
  get remoteTag(): string | null {
    return tagOf(this.remoteTo);
  }

  /** The answer's To, Contact and Record-Route make the dialog. */
  establish(response: SipResponse): void {
    this.remoteTo = response.headers.get('to') ?? this.toValue;
    this.remoteTarget = parseNameAddr(response.headers.get('contact') ?? '')?.uri ?? this.requestUri;
    this.routeSet = response.headers.getAll('record-route').reverse();
    this.peer = this.resolvePeer(this.routeSet, this.remoteTarget);
    // Resolution failures surface when a request is sent; keep the rejection handled meanwhile.
    this.peer.catch(() => undefined);
  }

  /** Where in-dialog requests go (RFC 3261 §12.2.1.1, loose routing): the outbound proxy, the first Route, or the Contact. */
  async resolvePeer(routeSet: string[], remoteTarget: string): Promise<Peer> {
    const { line } = this.request;
    if (line.proxy) return { address: await this.endpoint.resolve(line.proxy.host), port: line.proxy.port };
    const uri = parseSipUri(routeSet[0] ? (parseNameAddr(routeSet[0])?.uri ?? '') : remoteTarget);
    if (!uri) return this.nextHop!;
    return { address: await this.endpoint.resolve(uri.host), port: uri.port ?? (uri.scheme === 'sips' ? 5061 : 5060) };
  }

  /** Where in-dialog requests go, once the dialog exists. */
  get dialogPeer(): Promise<Peer> {
    return this.peer!;
  }

  /** The parts of a request inside the dialog: to the remote target, along the route set. */
  inDialog(method: string, cseq: number, headers: Array<readonly [string, string]> = []): RequestParts {
    return {
      method,
      uri: this.remoteTarget,
      via: this.via(),
      from: this.fromValue,
      to: this.remoteTo,
      callId: this.callId,
      cseq,
      routes: this.routeSet,
      headers: [...headers, ['User-Agent', this.endpoint.userAgent]],
    };
  }

  /** ACKs the 2xx; it carries the INVITE's credentials (RFC 3261 §22.1). */
  sendAck2xx(seq: number, auth: readonly [string, string] | null): void {
    const message = buildRequest(this.inDialog('ACK', seq, auth ? [auth] : []));
    this.ack = { message, bytes: serializeSipMessage(message) };
    this.send(message, this.ack.bytes);
  }

  /** The far end resends its 2xx until our ACK arrives: resend the ACK (RFC 3261 §13.2.2.4). False: not this dialog's answer. */
  resendAck(response: SipResponse): boolean {
    if (!this.ack || tagOf(response.headers.get('to')) !== this.remoteTag) return false;
    this.send(this.ack.message, this.ack.bytes);
    return true;
  }

  get acked(): boolean {
    return this.ack !== null;
  }

  /** The ACK of a non-2xx final is hop-by-hop: same branch as the INVITE, To from the response. */
  sendAckNon2xx(response: SipResponse, invite: SipRequest, seq: number): void {
    this.endpoint.send(
      buildRequest({
        method: 'ACK',
        uri: invite.uri,
        via: invite.headers.get('via')!,
        from: invite.headers.get('from')!,
        to: response.headers.get('to') ?? invite.headers.get('to')!,
        callId: this.callId,
        cseq: seq,
        headers: [['User-Agent', this.endpoint.userAgent]],
      }),
      this.nextHop!,
    );
  }

  /** A 2xx we cannot use (after timer B, or from a second fork): ACK it and hang it up (RFC 3261 §13.2.2.4). */
  async dropStrayAnswer(response: SipResponse, seq: number, byeSeq: number): Promise<void> {
    const uri = parseNameAddr(response.headers.get('contact') ?? '')?.uri ?? this.requestUri;
    const routes = response.headers.getAll('record-route').reverse();
    const parts = { uri, routes, from: this.fromValue, to: response.headers.get('to') ?? this.toValue, callId: this.callId };
    try {
      const to = await this.resolvePeer(routes, uri);
      this.endpoint.send(buildRequest({ ...parts, method: 'ACK', cseq: seq, via: this.via() }), to);
      this.endpoint.send(buildRequest({ ...parts, method: 'BYE', cseq: byeSeq, via: this.via() }), to);
    } catch (error) {
      this.logger.warn({ err: error, callId: this.callId }, 'could not hang up a stray answer');
    }
  }

  private send(message: SipRequest, bytes: Buffer): void {
    this.peer!.then(
      (peer) => this.endpoint.sendBytes(bytes, peer, message),
      (error: unknown) => this.logger.warn({ err: error, callId: this.callId }, `cannot reach the far end for ${message.method}`),
    );
  }
}
