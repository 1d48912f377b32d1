/**
 * One outbound call as a SIP user agent client (RFC 3261 §13, §17.1): the INVITE client transaction
 * with its retransmissions, digest challenges, CANCEL, the dialog's ACK and BYE, and the far end's
 * in-dialog requests. The media (RTP, recording) starts at the answer and stops at the end.
 *
 * Phases: init (resolving, opening the RTP port) → calling (INVITE out, nothing back yet) → proceeding
 * (a provisional came) → canceling (our CANCEL is out, waiting for 487) → confirmed (2xx ACKed) →
 * terminated. After the end the call stays registered for a while (`lingerMs`) to ACK retransmitted
 * final responses and answer a retransmitted BYE.
 *
 * It conducts; the parts live beside it: the INVITE transaction (sip-invite-client.ts), CANCEL and BYE
 * (sip-non-invite.ts), the dialog's addressing (sip-dialog.ts), the far end's requests
 * (sip-far-end-requests.ts), RTP and SDP (sip-call-media.ts); audio and recording are BaseCall's.
 */
import { randomUUID } from 'node:crypto';
import type { CallOutcome } from '@dialwise/contracts';
import { BaseCall, type CallEnd } from '../base-call.ts';
import { outcomeOfStatus, parseRetryAfter } from '../outcome.ts';
import { SipCallMedia } from './sip-call-media.ts';
import { SipDialog } from './sip-dialog.ts';
import type { Peer, SipMessageHandler } from './sip-endpoint.ts';
import { InviteClient } from './sip-invite-client.ts';
import { NonInviteRequests } from './sip-non-invite.ts';
import { type SipCallContext } from './sip-call-context.ts';
import { TimerSet } from '../timer-set.ts';
import { answerFarEndRequest, hasSdp } from './sip-far-end-requests.ts';
import { parseCSeq, type SipMessage, type SipRequest, type SipResponse } from './sip-message.ts';
import { isDialable, type AudioCodec, type CallResult, type DialRequest, type EndReason } from '../trunk.ts';

type Phase = 'init' | 'calling' | 'proceeding' | 'canceling' | 'confirmed' | 'terminated';

export class SipCall extends BaseCall implements SipMessageHandler {
  private phase: Phase = 'init';
  private readonly dialog: SipDialog;
  private readonly media: SipCallMedia;
  private readonly invite: InviteClient;
  private cseq = 0;
  private cancelReason: EndReason | null = null;
  private cancelSent = false;
  private readonly timers = new TimerSet();
  private readonly nonInvite: NonInviteRequests;
  private cancelGuard: NodeJS.Timeout | null = null;
  private ringTimer: NodeJS.Timeout | null = null;
  private maxTimer: NodeJS.Timeout | null = null;
  private lingerTimer: NodeJS.Timeout | null = null;
  private registered = false;
  private readonly tick = (skippedFrames: number) => this.onTick(skippedFrames);
  private readonly onAbort = () => void this.requestEnd('aborted');

  constructor(
    private readonly request: DialRequest,
    private readonly ctx: SipCallContext,
    callId: string = randomUUID(),
  ) {
    super(callId, request.to, ctx.recordingPath, ctx.logger);
    const { line } = request;
    const codecs: readonly AudioCodec[] = line.codecs && line.codecs.length > 0 ? line.codecs : ['PCMU', 'PCMA'];
    this.dialog = new SipDialog(callId, request, ctx.endpoint, ctx.logger);
    this.media = new SipCallMedia(ctx.ports, codecs, ctx.rtpStrictSource);
    this.nonInvite = new NonInviteRequests({
      request,
      dialog: this.dialog,
      endpoint: ctx.endpoint,
      timers: ctx.timers,
      logger: ctx.logger,
      nextCseq: () => ++this.cseq,
    });
    this.invite = new InviteClient({
      callId,
      request,
      dialog: this.dialog,
      endpoint: ctx.endpoint,
      timers: ctx.timers,
      schedule: this.timers,
      nextCseq: () => ++this.cseq,
      waiting: () => this.phase === 'calling',
      onTimeout: () => void this.onNoResponse(),
    });
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
      await this.endByUs('invalid_number', null, 'destination is not a dialable number', 'error');
      return;
    }
    try {
      const hop = line.proxy ?? { host: line.domain, port: line.port };
      this.dialog.nextHop = { address: await this.ctx.endpoint.resolve(hop.host), port: hop.port };
      this.dialog.localAddress = await this.ctx.endpoint.localAddressFor(this.dialog.nextHop.address);
      await this.media.open(
        (samples) => this.receiveFarEnd(samples),
        () => this.wantsFarEnd,
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
      await this.endByUs('canceled', null, 'hung up before dialling', this.cancelReason);
      return;
    }
    this.ctx.endpoint.register(this.id, this);
    this.registered = true;
    this.phase = 'calling';
    this.invite.send(this.media.offer(this.dialog.localAddress));
    this.ringTimer = this.timers.after(this.request.ringTimeoutMs, () => void this.requestEnd('ring-timeout'));
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
    this.nonInvite.finishAll();
    this.timers.clearAll();
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
    else if (cseq.method === 'CANCEL' || cseq.method === 'BYE') this.nonInvite.onResponse(message, cseq.method);
  }

  // ——— INVITE transaction ———

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
    if (!this.invite.current || seq !== this.invite.current.cseq) {
      // A response to an INVITE replaced after a challenge: ACK its retransmitted finals; a late 2xx
      // (a fork that answered anyway) is ACKed and hung up at once.
      const past = this.invite.earlier(seq);
      if (past && response.status >= 300) this.dialog.sendAckNon2xx(response, past, seq);
      if (past && response.status >= 200 && response.status < 300) void this.dropStrayAnswer(response, seq);
      return;
    }
    if (response.status < 200) {
      this.onProvisional(response);
      return;
    }
    this.invite.stopTimers();
    if (response.status < 300) void this.onSuccess(response);
    else void this.onFailure(response);
  }

  private onProvisional(response: SipResponse): void {
    if (this.phase === 'calling') {
      this.phase = 'proceeding';
      this.invite.stopTimers();
    }
    if (this.phase !== 'proceeding' && this.phase !== 'canceling') return;
    if (response.status === 100) {
      this.onTrying();
    } else {
      const sdp = hasSdp(response) ? this.media.negotiate(response.body) : null;
      if (sdp?.ok) {
        this.media.early = sdp.media;
        this.media.target(sdp.media);
        this.onEarlyMedia(response.status);
      } else {
        this.onRinging(response.status);
      }
    }
    if (this.cancelReason && this.phase === 'proceeding') this.sendCancel();
  }

  private async onSuccess(response: SipResponse): Promise<void> {
    if (this.phase === 'confirmed' || (this.phase === 'terminated' && this.dialog.acked)) {
      if (!this.dialog.resendAck(response)) await this.dropStrayAnswer(response, this.invite.current!.cseq);
      return;
    }
    if (this.phase === 'terminated') {
      await this.dropStrayAnswer(response, this.invite.current!.cseq);
      return;
    }
    this.timers.clear(this.ringTimer, this.cancelGuard);
    this.dialog.establish(response);
    this.phase = 'confirmed';
    this.dialog.sendAck2xx(this.invite.current!.cseq, this.invite.auth);

    const negotiation = hasSdp(response)
      ? this.media.negotiate(response.body)
      : this.media.early
        ? { ok: true as const, media: this.media.early }
        : { ok: false as const, reason: 'no SDP in the answer' };
    if (!negotiation.ok) {
      this.sendBye();
      await this.endByUs('failed', response.status, negotiation.reason, 'no-common-codec');
      return;
    }
    this.media.target(negotiation.media);
    this.onAnswered(negotiation.media.codec);
    if (this.phase !== 'confirmed') return; // a listener of `answered` hung up already
    if (this.cancelReason) {
      // Our CANCEL crossed the answer: the callee did pick up, so the call is answered and we hang up.
      await this.hangUpAnswered(this.cancelReason);
      return;
    }
    this.ctx.clock.add(this.tick);
    const maxMs = this.request.maxDurationMs ?? this.ctx.maxDurationMs;
    if (maxMs > 0) this.maxTimer = this.timers.after(maxMs, () => void this.hangUpAnswered('max-duration'));
  }

  private async onFailure(response: SipResponse): Promise<void> {
    this.dialog.sendAckNon2xx(response, this.invite.current!.message, this.invite.current!.cseq);
    if (this.phase === 'terminated' || this.phase === 'confirmed') return; // a retransmission, ACKed again above
    if ((response.status === 401 || response.status === 407) && !this.cancelReason && this.invite.answerChallenge(response)) {
      this.phase = 'calling';
      return;
    }
    this.phase = 'terminated';
    if (this.cancelReason && response.status === 487) {
      await this.endByUs(cancelOutcome(this.cancelReason), 487, response.reason, this.cancelReason);
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

  private sendCancel(): void {
    if (this.cancelSent || !this.invite.current) return;
    this.cancelSent = true;
    this.phase = 'canceling';
    this.onEnding();
    this.nonInvite.cancel(this.invite.current);
    this.cancelGuard = this.timers.after(this.ctx.timers.transactionTimeoutMs, () => void this.onCancelUnanswered());
  }

  private async onCancelUnanswered(): Promise<void> {
    if (this.phase !== 'canceling') return;
    this.phase = 'terminated';
    const reason = this.cancelReason ?? 'hangup';
    await this.endByUs(cancelOutcome(reason), null, 'no final response after CANCEL', reason);
  }

  private sendBye(): void {
    this.phase = 'terminated';
    this.stopMedia();
    this.nonInvite.bye();
  }

  private async hangUpAnswered(reason: EndReason): Promise<void> {
    if (this.phase !== 'confirmed') return;
    this.sendBye();
    await this.end({ outcome: 'answered', sipStatus: 200, sipReason: 'OK', endReason: reason, hungUpBy: 'us' });
  }

  /** A 2xx we cannot use (after timer B, or from a second fork): ACK it and hang it up (RFC 3261 §13.2.2.4). */
  private dropStrayAnswer(response: SipResponse, seq: number): Promise<void> {
    return this.dialog.dropStrayAnswer(response, seq, ++this.cseq);
  }

  private onRequest(request: SipRequest, from: Peer): void {
    const { phase } = this;
    answerFarEndRequest(
      {
        endpoint: this.ctx.endpoint,
        fromTag: this.dialog.fromTag,
        state: phase === 'confirmed' || phase === 'terminated' ? phase : 'early',
        contact: () => this.dialog.contact(),
        reoffer: (body) => this.media.reoffer(body, this.dialog.localAddress),
        onBye: () => {
          this.phase = 'terminated';
          this.stopMedia();
          void this.end({ outcome: 'answered', sipStatus: 200, sipReason: 'OK', endReason: 'remote-bye', hungUpBy: 'callee' });
        },
      },
      request,
      from,
    );
  }

  // ——— media and the end ———

  private onTick(skippedFrames: number): void {
    if (
      this.media.send(
        this.mediaTick(skippedFrames),
        this.passthrough?.payload ?? null,
        this.ctx.rtpTimeoutMs,
        this.answeredAt?.getTime() ?? 0,
        skippedFrames,
      )
    )
      void this.hangUpAnswered('rtp-timeout');
  }

  private stopMedia(): void {
    this.ctx.clock.remove(this.tick);
    const counts = this.media.stop();
    if (counts) {
      this.packetsSent = counts.sent;
      this.packetsReceived = counts.received;
    }
  }

  /** Ends a call that we ended (or gave up on): hungUpBy 'us'. */
  private endByUs(outcome: CallOutcome, sipStatus: number | null, sipReason: string, endReason: EndReason): Promise<CallResult> {
    return this.end({ outcome, sipStatus, sipReason, endReason, hungUpBy: 'us' });
  }

  private async end(end: CallEnd): Promise<CallResult> {
    if (this.isOver) return this.ended;
    this.invite.stopTimers();
    this.timers.clear(this.cancelGuard, this.ringTimer, this.maxTimer);
    this.request.signal?.removeEventListener('abort', this.onAbort);
    this.stopMedia();
    if (this.registered) {
      // Stay reachable a while for retransmissions (our BYE's answer, a resent 2xx or BYE), then forget the call.
      this.lingerTimer = setTimeout(() => this.dispose(), Math.max(this.ctx.timers.lingerMs, this.ctx.timers.transactionTimeoutMs));
      this.lingerTimer.unref();
    }
    const result = await this.finish(end);
    this.ctx.onFinished();
    return result;
  }
}

function cancelOutcome(reason: EndReason): CallOutcome {
  return reason === 'ring-timeout' ? 'no_answer' : 'canceled';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
