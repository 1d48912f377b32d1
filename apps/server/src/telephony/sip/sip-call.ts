/**
 * One outbound call as a SIP user agent client (RFC 3261 §13, §17.1): the INVITE client transaction
 * with its retransmissions, digest challenges, CANCEL, the dialog's ACK and BYE, and the far end's
 * in-dialog requests. The media (RTP, recording) starts at the answer and stops at the end.
 *
 * Phases: init (resolving, opening the RTP port) → calling (INVITE out, nothing back yet) → proceeding
 * (a provisional came) → canceling (our CANCEL is out, waiting for 487) → confirmed (2xx ACKed) →
 * terminated. After the end the call stays registered for a while (`lingerMs`) to ACK retransmitted
 * final responses and answer a retransmitted BYE.
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { CallOutcome } from '@dialwise/contracts';
import { BaseCall, type CallEnd, type TelephonyLogger } from '../base-call.ts';
import type { MediaClock } from '../media/media-clock.ts';
import { outcomeOfStatus, parseRetryAfter } from '../outcome.ts';
import type { RtpPortPool } from '../media/rtp-ports.ts';
import { RtpSession } from '../media/rtp-session.ts';
import { buildSdpOffer, negotiateAnswer, type RemoteMedia } from './sdp.ts';
import { parseNameAddr, parseSipUri, quoteDisplay, tagOf } from './sip-address.ts';
import { buildAuthorization, chooseChallenge } from './sip-digest.ts';
import type { Peer, SipEndpoint, SipMessageHandler } from './sip-endpoint.ts';
import { parseCSeq, serializeSipMessage, SipHeaders, type SipMessage, type SipRequest, type SipResponse } from './sip-message.ts';
import { buildRequest, NonInviteClient, type RequestParts } from './sip-transaction.ts';
import { isDialable, type AudioCodec, type CallResult, type DialRequest, type EndReason } from '../trunk.ts';

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
  onFinished: (call: SipCall, result: CallResult) => void;
}

type Phase = 'init' | 'calling' | 'proceeding' | 'canceling' | 'confirmed' | 'terminated';

const ALLOW = 'INVITE, ACK, CANCEL, BYE, OPTIONS, INFO, UPDATE';
/** Q.850 cause 16, "normal call clearing": what carriers log for an ordinary hang-up. */
const NORMAL_CLEARING = 'Q.850;cause=16;text="Normal call clearing"';

export class SipCall extends BaseCall implements SipMessageHandler {
  private phase: Phase = 'init';
  private readonly fromTag = token(8);
  private readonly codecs: readonly AudioCodec[];
  private readonly requestUri: string;
  private readonly fromValue: string;
  private readonly toValue: string;
  private cseq = 0;
  private invite: { message: SipRequest; bytes: Buffer; cseq: number } | null = null;
  private readonly pastInvites = new Map<number, SipRequest>();
  private inviteAuth: [string, string] | null = null;
  private authAttempts = 0;
  private nextHop: Peer | null = null;
  private localAddress = '';
  private sdpOffer = '';
  private readonly sdpSession = randomInt(1, 2 ** 31);
  private sdpVersion = 1;
  private earlyMedia: RemoteMedia | null = null;
  private rtp: RtpSession | null = null;
  private rtpPort = 0;
  private remoteTo = '';
  private remoteTarget = '';
  private routeSet: string[] = [];
  private dialogPeer: Promise<Peer> | null = null;
  private ack: { message: SipRequest; bytes: Buffer } | null = null;
  private cancelReason: EndReason | null = null;
  private cancelSent = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** The CANCEL or BYE in flight, by method. */
  private readonly nonInvite = new Map<string, NonInviteClient>();
  private byeAuthTried = false;
  private timerA: NodeJS.Timeout | null = null;
  private timerB: NodeJS.Timeout | null = null;
  private cancelGuard: NodeJS.Timeout | null = null;
  private ringTimer: NodeJS.Timeout | null = null;
  private maxTimer: NodeJS.Timeout | null = null;
  private lingerTimer: NodeJS.Timeout | null = null;
  private tickCount = 0;
  private registered = false;
  private readonly tick = () => this.onTick();
  private readonly onAbort = () => void this.requestEnd('aborted');

  constructor(
    private readonly request: DialRequest,
    private readonly ctx: SipCallContext,
    callId: string = randomUUID(),
  ) {
    super(callId, request.to, ctx.recordingPath, ctx.logger);
    const { line } = request;
    this.codecs = line.codecs && line.codecs.length > 0 ? line.codecs : ['PCMU', 'PCMA'];
    const domain = hostPort(line.domain, line.port === 5060 ? null : line.port);
    this.requestUri = `sip:${request.to}@${domain}`;
    const caller = request.callerId || line.username;
    this.fromValue = `${quoteDisplay(caller)} <sip:${caller}@${hostPort(line.domain, null)}>;tag=${this.fromTag}`;
    this.toValue = `<sip:${request.to}@${hostPort(line.domain, null)}>`;
  }

  /** Resolves the carrier, opens the RTP port and sends the INVITE; every failure ends the call. */
  async start(): Promise<void> {
    if (this.isOver) return; // ended before it started (the trunk was closing)
    const { signal, line } = this.request;
    if (signal?.aborted) {
      await this.end({ outcome: 'canceled', sipStatus: null, sipReason: 'aborted before dialling', endReason: 'aborted', hungUpBy: 'us' });
      return;
    }
    signal?.addEventListener('abort', this.onAbort, { once: true });
    if (!isDialable(this.request.to)) {
      await this.end({
        outcome: 'invalid_number',
        sipStatus: null,
        sipReason: 'destination is not a dialable number',
        endReason: 'error',
        hungUpBy: 'us',
      });
      return;
    }
    try {
      const hop = line.proxy ?? { host: line.domain, port: line.port };
      this.nextHop = { address: await this.ctx.endpoint.resolve(hop.host), port: hop.port };
      this.localAddress = await this.ctx.endpoint.localAddressFor(this.nextHop.address);
      const { socket, port } = await this.ctx.ports.open();
      this.rtpPort = port;
      this.rtp = new RtpSession(
        socket,
        port,
        (samples) => this.receiveFarEnd(samples),
        () => this.wantsFarEnd,
        this.ctx.rtpStrictSource,
      );
      if (this.isOver) {
        // Ended (the trunk closed) while we were getting ready: give the port back.
        this.stopMedia();
        return;
      }
    } catch (error) {
      await this.end({ outcome: 'failed', sipStatus: null, sipReason: describe(error), endReason: 'error', hungUpBy: 'network' });
      return;
    }
    if (this.cancelReason) {
      await this.end({
        outcome: 'canceled',
        sipStatus: null,
        sipReason: 'hung up before dialling',
        endReason: this.cancelReason,
        hungUpBy: 'us',
      });
      return;
    }
    this.sdpOffer = buildSdpOffer({
      address: this.localAddress,
      port: this.rtpPort,
      codecs: this.codecs,
      sessionId: this.sdpSession,
      version: this.sdpVersion,
    });
    this.ctx.endpoint.register(this.id, this);
    this.registered = true;
    this.sendInvite();
    this.ringTimer = this.after(this.request.ringTimeoutMs, () => void this.requestEnd('ring-timeout'));
  }

  /** Ends a call that cannot be placed at all (the trunk's socket is not usable). */
  fail(reason: string): Promise<CallResult> {
    return this.end({ outcome: 'failed', sipStatus: null, sipReason: reason, endReason: 'error', hungUpBy: 'network' });
  }

  hangup(): Promise<CallResult> {
    this.requestEnd('hangup');
    return this.ended;
  }

  /**
   * Ends the call for `reason`: nothing sent yet → done; ringing → CANCEL; answered → BYE.
   * 'trunk-closed' does not wait for the far end: the CANCEL or BYE goes out and the call ends at once
   * (a trunk shutting down must not wait out timer B for calls that never got a response).
   */
  requestEnd(reason: EndReason): void {
    if (reason === 'trunk-closed' && this.phase !== 'confirmed' && this.phase !== 'terminated') {
      this.cancelReason ??= reason;
      if (this.phase === 'proceeding') this.sendCancel();
      if (this.phase !== 'init') this.phase = 'terminated';
      void this.end({ outcome: 'canceled', sipStatus: null, sipReason: 'trunk closed', endReason: reason, hungUpBy: 'us' });
      return;
    }
    switch (this.phase) {
      case 'init':
      case 'calling':
        // No provisional yet: RFC 3261 §9.1 forbids a CANCEL now; it goes out when one arrives (or timer B ends it).
        this.cancelReason ??= reason;
        this.onEnding();
        break;
      case 'proceeding':
        this.cancelReason ??= reason;
        this.sendCancel();
        break;
      case 'confirmed':
        void this.hangUpAnswered(reason);
        break;
      default:
        break;
    }
  }

  /** Stops every retransmission and forgets the call (the trunk's socket is closing). */
  dispose(): void {
    for (const tx of this.nonInvite.values()) tx.finish();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.ctx.endpoint.unregister(this.id, this);
  }

  onSipMessage(message: SipMessage, from: Peer): void {
    if (message.kind === 'request') {
      this.onRequest(message, from);
      return;
    }
    const cseq = parseCSeq(message.headers.get('cseq'));
    if (!cseq) return;
    if (cseq.method === 'INVITE') this.onInviteResponse(message, cseq.seq);
    else if (cseq.method === 'CANCEL' || cseq.method === 'BYE') this.onNonInviteResponse(message, cseq.method);
  }

  // ——— INVITE transaction ———

  private sendInvite(): void {
    const { line } = this.request;
    this.cseq++;
    const headers = new SipHeaders()
      .add('Via', this.via())
      .add('Max-Forwards', '70')
      .add('From', this.fromValue)
      .add('To', this.toValue)
      .add('Call-ID', this.id)
      .add('CSeq', `${this.cseq} INVITE`)
      .add('Contact', `<sip:${line.username}@${hostPort(this.localAddress, this.ctx.endpoint.port)}>`)
      .add('Allow', ALLOW)
      .add('User-Agent', this.ctx.endpoint.userAgent);
    for (const [name, value] of Object.entries(this.request.headers ?? {})) headers.add(name, value);
    if (this.inviteAuth) headers.add(...this.inviteAuth);
    headers.add('Content-Type', 'application/sdp');
    const message: SipRequest = { kind: 'request', method: 'INVITE', uri: this.requestUri, headers, body: this.sdpOffer };
    const bytes = serializeSipMessage(message);
    this.invite = { message, bytes, cseq: this.cseq };
    this.pastInvites.set(this.cseq, message);
    this.phase = 'calling';
    this.ctx.endpoint.sendBytes(bytes, this.nextHop!, message);

    let interval = this.ctx.timers.t1Ms;
    const retransmit = () => {
      if (this.phase !== 'calling' || this.invite?.bytes !== bytes) return;
      this.ctx.endpoint.sendBytes(bytes, this.nextHop!, message);
      interval *= 2;
      this.timerA = this.after(interval, retransmit);
    };
    this.clear(this.timerA);
    this.clear(this.timerB);
    this.timerA = this.after(interval, retransmit);
    this.timerB = this.after(this.ctx.timers.transactionTimeoutMs, () => void this.onNoResponse());
  }

  private async onNoResponse(): Promise<void> {
    if (this.phase !== 'calling') return;
    this.phase = 'terminated';
    const byUs = this.cancelReason !== null && this.cancelReason !== 'ring-timeout';
    await this.end({
      outcome: byUs ? 'canceled' : 'timeout',
      sipStatus: null,
      sipReason: 'no response to the INVITE (timer B)',
      endReason: byUs ? this.cancelReason! : 'no-response',
      hungUpBy: byUs ? 'us' : 'network',
    });
  }

  private onInviteResponse(response: SipResponse, seq: number): void {
    if (!this.invite || seq !== this.invite.cseq) {
      // A response to an INVITE replaced after a challenge: ACK its retransmitted finals; a late 2xx
      // (a fork that answered anyway) is ACKed and hung up at once.
      const past = this.pastInvites.get(seq);
      if (past && response.status >= 300) this.sendAckNon2xx(response, past, seq);
      if (past && response.status >= 200 && response.status < 300) void this.dropStrayAnswer(response, seq);
      return;
    }
    if (response.status < 200) {
      this.onProvisional(response);
      return;
    }
    this.clear(this.timerA);
    this.clear(this.timerB);
    if (response.status < 300) void this.onSuccess(response);
    else void this.onFailure(response);
  }

  private onProvisional(response: SipResponse): void {
    if (this.phase === 'calling') {
      this.phase = 'proceeding';
      this.clear(this.timerA);
      this.clear(this.timerB);
    }
    if (this.phase !== 'proceeding' && this.phase !== 'canceling') return;
    if (response.status === 100) {
      this.onTrying();
    } else {
      const sdp = hasSdp(response) ? negotiateAnswer(response.body, this.codecs) : null;
      if (sdp?.ok) {
        this.earlyMedia = sdp.media;
        this.rtp?.setTarget(sdp.media);
        this.onEarlyMedia(response.status);
      } else {
        this.onRinging(response.status);
      }
    }
    if (this.cancelReason && this.phase === 'proceeding') this.sendCancel();
  }

  private async onSuccess(response: SipResponse): Promise<void> {
    const toTag = tagOf(response.headers.get('to'));
    if (this.phase === 'confirmed' || (this.phase === 'terminated' && this.ack)) {
      // The far end resends its 2xx until our ACK arrives: resend the ACK (RFC 3261 §13.2.2.4).
      if (toTag === tagOf(this.remoteTo) && this.ack) this.sendDialogRequest(this.ack.message, this.ack.bytes);
      else await this.dropStrayAnswer(response, this.invite!.cseq);
      return;
    }
    if (this.phase === 'terminated') {
      await this.dropStrayAnswer(response, this.invite!.cseq);
      return;
    }
    this.clear(this.ringTimer);
    this.clear(this.cancelGuard);
    this.establishDialog(response);
    this.phase = 'confirmed';
    this.sendAck2xx(this.invite!.cseq);

    const negotiation = hasSdp(response)
      ? negotiateAnswer(response.body, this.codecs)
      : this.earlyMedia
        ? { ok: true as const, media: this.earlyMedia }
        : { ok: false as const, reason: 'no SDP in the answer' };
    if (!negotiation.ok) {
      this.sendBye();
      await this.end({
        outcome: 'failed',
        sipStatus: response.status,
        sipReason: negotiation.reason,
        endReason: 'no-common-codec',
        hungUpBy: 'us',
      });
      return;
    }
    this.rtp!.setTarget(negotiation.media);
    this.onAnswered(negotiation.media.codec);
    if (this.phase !== 'confirmed') return; // a listener of `answered` hung up already
    if (this.cancelReason) {
      // Our CANCEL crossed the answer: the callee did pick up, so the call is answered and we hang up.
      await this.hangUpAnswered(this.cancelReason);
      return;
    }
    this.ctx.clock.add(this.tick);
    const maxMs = this.request.maxDurationMs ?? this.ctx.maxDurationMs;
    if (maxMs > 0) this.maxTimer = this.after(maxMs, () => void this.hangUpAnswered('max-duration'));
  }

  private async onFailure(response: SipResponse): Promise<void> {
    this.sendAckNon2xx(response, this.invite!.message, this.invite!.cseq);
    if (this.phase === 'terminated' || this.phase === 'confirmed') return; // a retransmission, ACKed again above
    if ((response.status === 401 || response.status === 407) && !this.cancelReason && this.answerChallenge(response)) return;
    this.phase = 'terminated';
    if (this.cancelReason && response.status === 487) {
      await this.end({
        outcome: cancelOutcome(this.cancelReason),
        sipStatus: 487,
        sipReason: response.reason,
        endReason: this.cancelReason,
        hungUpBy: 'us',
      });
      return;
    }
    const outcome = outcomeOfStatus(response.status);
    await this.end({
      outcome,
      sipStatus: response.status,
      sipReason: response.reason,
      endReason: 'remote-refused',
      hungUpBy: 'callee',
      retryAfterMs: outcome === 'backpressure' ? parseRetryAfter(response.headers.get('retry-after')) : null,
    });
  }

  /** Re-sends the INVITE with credentials (new CSeq, new branch). False when we cannot or already failed. */
  private answerChallenge(response: SipResponse): boolean {
    const proxy = response.status === 407;
    const challenge = chooseChallenge(response.headers.getAll(proxy ? 'proxy-authenticate' : 'www-authenticate'));
    // A second challenge means our credentials were refused, unless the nonce merely went stale.
    if (!challenge || (this.authAttempts > 0 && !challenge.stale) || this.authAttempts >= 3) return false;
    this.authAttempts++;
    const { line } = this.request;
    const value = buildAuthorization({
      challenge,
      username: line.authUsername ?? line.username,
      password: line.password,
      method: 'INVITE',
      uri: this.requestUri,
      body: this.sdpOffer,
    });
    this.inviteAuth = [proxy ? 'Proxy-Authorization' : 'Authorization', value];
    this.sendInvite();
    return true;
  }

  private sendCancel(): void {
    if (this.cancelSent || !this.invite) return;
    this.cancelSent = true;
    this.phase = 'canceling';
    this.onEnding();
    const invite = this.invite.message;
    // CANCEL matches the INVITE it cancels: same Request-URI, Via branch, From, To, Call-ID and CSeq number.
    const cancel = buildRequest({
      method: 'CANCEL',
      uri: invite.uri,
      via: invite.headers.get('via')!,
      from: invite.headers.get('from')!,
      to: invite.headers.get('to')!,
      callId: this.id,
      cseq: this.invite.cseq,
      headers: [['User-Agent', this.ctx.endpoint.userAgent]],
    });
    this.startNonInvite(cancel, Promise.resolve(this.nextHop!));
    this.cancelGuard = this.after(this.ctx.timers.transactionTimeoutMs, () => void this.onCancelUnanswered());
  }

  private async onCancelUnanswered(): Promise<void> {
    if (this.phase !== 'canceling') return;
    this.phase = 'terminated';
    const reason = this.cancelReason ?? 'hangup';
    await this.end({
      outcome: cancelOutcome(reason),
      sipStatus: null,
      sipReason: 'no final response after CANCEL',
      endReason: reason,
      hungUpBy: 'us',
    });
  }

  // ——— the dialog ———

  private establishDialog(response: SipResponse): void {
    this.remoteTo = response.headers.get('to') ?? this.toValue;
    this.remoteTarget = parseNameAddr(response.headers.get('contact') ?? '')?.uri ?? this.requestUri;
    this.routeSet = response.headers.getAll('record-route').reverse();
    this.dialogPeer = this.resolveDialogPeer(this.routeSet, this.remoteTarget);
    // Resolution failures surface when a request is sent; keep the rejection handled meanwhile.
    this.dialogPeer.catch(() => undefined);
  }

  /** Where in-dialog requests go (RFC 3261 §12.2.1.1, loose routing): the outbound proxy, the first Route, or the Contact. */
  private async resolveDialogPeer(routeSet: string[], remoteTarget: string): Promise<Peer> {
    const { line } = this.request;
    if (line.proxy) return { address: await this.ctx.endpoint.resolve(line.proxy.host), port: line.proxy.port };
    const uri = parseSipUri(routeSet[0] ? (parseNameAddr(routeSet[0])?.uri ?? '') : remoteTarget);
    if (!uri) return this.nextHop!;
    return { address: await this.ctx.endpoint.resolve(uri.host), port: uri.port ?? (uri.scheme === 'sips' ? 5061 : 5060) };
  }

  private sendAck2xx(seq: number): void {
    // The 2xx ACK carries the INVITE's credentials (RFC 3261 §22.1).
    const message = buildRequest(this.inDialog('ACK', seq, this.inviteAuth ? [this.inviteAuth] : []));
    this.ack = { message, bytes: serializeSipMessage(message) };
    this.sendDialogRequest(message, this.ack.bytes);
  }

  /** The parts of a request inside the dialog: to the remote target, along the route set. */
  private inDialog(method: string, cseq: number, headers: Array<readonly [string, string]> = []): RequestParts {
    return {
      method,
      uri: this.remoteTarget,
      via: this.via(),
      from: this.fromValue,
      to: this.remoteTo,
      callId: this.id,
      cseq,
      routes: this.routeSet,
      headers: [...headers, ['User-Agent', this.ctx.endpoint.userAgent]],
    };
  }

  /** The ACK of a non-2xx final is hop-by-hop: same branch as the INVITE, To from the response. */
  private sendAckNon2xx(response: SipResponse, invite: SipRequest, seq: number): void {
    this.ctx.endpoint.send(
      buildRequest({
        method: 'ACK',
        uri: invite.uri,
        via: invite.headers.get('via')!,
        from: invite.headers.get('from')!,
        to: response.headers.get('to') ?? invite.headers.get('to')!,
        callId: this.id,
        cseq: seq,
        headers: [['User-Agent', this.ctx.endpoint.userAgent]],
      }),
      this.nextHop!,
    );
  }

  private sendBye(): void {
    this.phase = 'terminated';
    this.stopMedia();
    this.startNonInvite(buildRequest(this.inDialog('BYE', ++this.cseq, [['Reason', NORMAL_CLEARING]])), this.dialogPeer!);
  }

  private async hangUpAnswered(reason: EndReason): Promise<void> {
    if (this.phase !== 'confirmed') return;
    this.sendBye();
    await this.end({ outcome: 'answered', sipStatus: 200, sipReason: 'OK', endReason: reason, hungUpBy: 'us' });
  }

  /** A 2xx we cannot use (after timer B, or from a second fork): ACK it and hang it up (RFC 3261 §13.2.2.4). */
  private async dropStrayAnswer(response: SipResponse, seq: number): Promise<void> {
    const uri = parseNameAddr(response.headers.get('contact') ?? '')?.uri ?? this.requestUri;
    const routes = response.headers.getAll('record-route').reverse();
    const parts = { uri, routes, from: this.fromValue, to: response.headers.get('to') ?? this.toValue, callId: this.id };
    try {
      const to = await this.resolveDialogPeer(routes, uri);
      this.ctx.endpoint.send(buildRequest({ ...parts, method: 'ACK', cseq: seq, via: this.via() }), to);
      this.ctx.endpoint.send(buildRequest({ ...parts, method: 'BYE', cseq: ++this.cseq, via: this.via() }), to);
    } catch (error) {
      this.logger.warn({ err: error, callId: this.id }, 'could not hang up a stray answer');
    }
  }

  private sendDialogRequest(message: SipRequest, bytes: Buffer): void {
    this.dialogPeer!.then(
      (peer) => this.ctx.endpoint.sendBytes(bytes, peer, message),
      (error: unknown) => this.logger.warn({ err: error, callId: this.id }, `cannot reach the far end for ${message.method}`),
    );
  }

  // ——— CANCEL and BYE (non-INVITE client transactions) ———

  private startNonInvite(message: SipRequest, peer: Promise<Peer>): void {
    this.nonInvite.get(message.method)?.finish();
    this.nonInvite.set(message.method, new NonInviteClient(message, peer, this.ctx.endpoint, this.ctx.timers, this.logger));
  }

  private onNonInviteResponse(response: SipResponse, method: string): void {
    const tx = this.nonInvite.get(method);
    if (!tx || tx.done) return;
    if (response.status < 200) {
      tx.onProvisional();
      return;
    }
    tx.finish();
    if ((response.status === 401 || response.status === 407) && method === 'BYE' && !this.byeAuthTried) {
      // Some proxies challenge BYE too: answer once with the line's credentials.
      const challenge = chooseChallenge(response.headers.getAll(response.status === 407 ? 'proxy-authenticate' : 'www-authenticate'));
      if (!challenge) return;
      this.byeAuthTried = true;
      const { line } = this.request;
      const authorization = buildAuthorization({
        challenge,
        username: line.authUsername ?? line.username,
        password: line.password,
        method: 'BYE',
        uri: this.remoteTarget,
      });
      const header: [string, string] = [response.status === 407 ? 'Proxy-Authorization' : 'Authorization', authorization];
      this.startNonInvite(buildRequest(this.inDialog('BYE', ++this.cseq, [['Reason', NORMAL_CLEARING], header])), this.dialogPeer!);
    }
  }

  // ——— requests from the far end ———

  private onRequest(request: SipRequest, from: Peer): void {
    if (request.method === 'ACK') return;
    if (tagOf(request.headers.get('to')) !== this.fromTag) {
      this.ctx.endpoint.respond(request, 481, 'Call/Transaction Does Not Exist', from);
      return;
    }
    switch (request.method) {
      case 'BYE':
        this.ctx.endpoint.respond(request, 200, 'OK', from);
        if (this.phase === 'confirmed') {
          this.phase = 'terminated';
          this.stopMedia();
          void this.end({ outcome: 'answered', sipStatus: 200, sipReason: 'OK', endReason: 'remote-bye', hungUpBy: 'callee' });
        }
        return;
      case 'INVITE':
      case 'UPDATE':
        this.onOffer(request, from);
        return;
      case 'OPTIONS':
      case 'INFO':
      case 'NOTIFY':
      case 'CANCEL':
        this.ctx.endpoint.respond(request, 200, 'OK', from);
        return;
      default:
        this.ctx.endpoint.respond(request, 501, 'Not Implemented', from, { headers: [['Allow', ALLOW]] });
    }
  }

  /**
   * A re-INVITE or UPDATE (session refresh, hold, a media change by the carrier): follow the new remote
   * address if the offer carries one, answer with our unchanged stream. The 200 is not resent until the
   * ACK arrives; a lost one costs the carrier a retransmission, not the call.
   */
  private onOffer(request: SipRequest, from: Peer): void {
    if (this.phase !== 'confirmed') {
      this.ctx.endpoint.respond(
        request,
        this.phase === 'terminated' ? 481 : 491,
        this.phase === 'terminated' ? 'Call/Transaction Does Not Exist' : 'Request Pending',
        from,
      );
      return;
    }
    let body = '';
    if (hasSdp(request)) {
      const offer = negotiateAnswer(request.body, this.codecs);
      if (!offer.ok) {
        this.ctx.endpoint.respond(request, 488, 'Not Acceptable Here', from);
        return;
      }
      this.rtp!.setTarget(offer.media);
      this.sdpVersion++;
      body = buildSdpOffer({
        address: this.localAddress,
        port: this.rtpPort,
        codecs: [offer.media.codec],
        sessionId: this.sdpSession,
        version: this.sdpVersion,
      });
    }
    const headers: Array<[string, string]> = [
      ['Contact', `<sip:${this.request.line.username}@${hostPort(this.localAddress, this.ctx.endpoint.port)}>`],
    ];
    if (body) headers.push(['Content-Type', 'application/sdp']);
    this.ctx.endpoint.respond(request, 200, 'OK', from, { headers, body });
  }

  // ——— media and the end ———

  private onTick(): void {
    const rtp = this.rtp;
    if (!rtp) return;
    rtp.send(this.mediaTick());
    if (this.ctx.rtpTimeoutMs > 0 && ++this.tickCount % 50 === 0) {
      const last = Math.max(rtp.lastReceivedAt, this.answeredAt?.getTime() ?? 0);
      if (Date.now() - last > this.ctx.rtpTimeoutMs) void this.hangUpAnswered('rtp-timeout');
    }
  }

  private stopMedia(): void {
    this.ctx.clock.remove(this.tick);
    if (this.rtp) {
      this.packetsSent = this.rtp.packetsSent;
      this.packetsReceived = this.rtp.packetsReceived;
      this.rtp.close();
      this.ctx.ports.release(this.rtpPort);
    }
  }

  private async end(end: CallEnd): Promise<CallResult> {
    if (this.isOver) return this.ended;
    for (const timer of [this.timerA, this.timerB, this.cancelGuard, this.ringTimer, this.maxTimer]) this.clear(timer);
    this.request.signal?.removeEventListener('abort', this.onAbort);
    this.stopMedia();
    if (this.registered) {
      // Stay reachable a while for retransmissions (our BYE's answer, a resent 2xx or BYE), then forget the call.
      this.lingerTimer = setTimeout(() => this.dispose(), Math.max(this.ctx.timers.lingerMs, this.ctx.timers.transactionTimeoutMs));
      this.lingerTimer.unref();
    }
    const result = await this.finish(end);
    this.ctx.onFinished(this, result);
    return result;
  }

  private via(): string {
    return `SIP/2.0/UDP ${hostPort(this.localAddress, this.ctx.endpoint.port)};branch=z9hG4bK${token(10)};rport`;
  }

  private after(ms: number, fn: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  private clear(timer: NodeJS.Timeout | null): void {
    if (!timer) return;
    clearTimeout(timer);
    this.timers.delete(timer);
  }
}

function cancelOutcome(reason: EndReason): CallOutcome {
  return reason === 'ring-timeout' ? 'no_answer' : 'canceled';
}

function hasSdp(message: SipMessage): boolean {
  return (
    message.body.trim() !== '' && (message.headers.get('content-type') ?? 'application/sdp').toLowerCase().startsWith('application/sdp')
  );
}

function hostPort(host: string, port: number | null): string {
  const h = isIPv6(host) ? `[${host}]` : host;
  return port ? `${h}:${port}` : h;
}

function token(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
