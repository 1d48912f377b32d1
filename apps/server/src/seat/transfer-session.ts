import type { ParsedSeatClientMessage, SeatCallEndReason, SeatServerMessage } from '@dialwise/contracts';
import { translate } from '@dialwise/contracts';
import type { Db } from '../db/client.ts';
import type { TelephonyLogger } from '../telephony/index.ts';
import { claimSeat, releaseSeat, settleOffer, type OfferClaim } from './claim-seat.ts';
import type { OfferTemplate } from './load-offer.ts';
import { SeatBridge } from './seat-bridge.ts';
import { NOTIFY_LIMIT, type SeatBus, type SeatEvent } from './seat-bus.ts';
import type { SeatHandle, TransferRequest, TransferResult } from '../conversation/seat-dispatcher.ts';
import { SeatPeer } from './seat-peer.ts';
import type { SeatTiming } from './seat-timing.ts';

export interface TransferDeps {
  db: Db;
  bus: SeatBus;
  timing: SeatTiming;
  log: TelephonyLogger;
  /** Extra host addresses for ICE (tests on loopback). */
  iceAddresses?: string[];
}

type OfferAnswer = 'accepted' | 'rejected' | 'expired' | 'lost' | 'aborted';
/**
 * Why the seat left the call. `callee` is the far end of the line, as in the record's `hungUpBy` (a line fact, not
 * the transcript's `customer`); the seat's own hang-up goes out through our side of the line, so the record then
 * says `hungUpBy: us` while the seat's page reads `seat-hung-up`.
 */
type SeatEnd = { by: 'seat' | 'callee' | 'media-failed' };

/** The offer travels in the NOTIFY itself when it fits (one read less); else the seat's process reads it. */
function offerEvent(offer: OfferClaim, template: OfferTemplate): SeatEvent {
  const full = { ...template, offerId: offer.offerId, deadline: offer.deadline.toISOString() };
  const event: SeatEvent = { kind: 'offer', operatorId: offer.operatorId, offerId: offer.offerId, offer: full };
  return Buffer.byteLength(JSON.stringify(event)) < NOTIFY_LIMIT
    ? event
    : { kind: 'offer', operatorId: offer.operatorId, offerId: offer.offerId };
}

const MEDIA_FAILED = 'Call connection failed, system has automatically hung up';

/**
 * One transfer of one call, owned by the process that holds the call: offers it to seats one at a time
 * (longest idle first, each for `offerSeconds`), and once a seat accepts, sets up its WebRTC media, bridges
 * it in pre-voice and hands the runtime a SeatHandle. Messages from the seat reach it through the bus
 * (`handle`), whichever process holds the seat's WebSocket.
 */
export class TransferSession {
  private offer: OfferClaim | null = null;
  /** The publication of the ringing offer: a handover note sent after it must not overtake it. */
  private offerSent: Promise<void> = Promise.resolve();
  private answerOffer: ((answer: OfferAnswer) => void) | null = null;
  private operatorId: string | null = null;
  private peer: SeatPeer | null = null;
  private bridge: SeatBridge | null = null;
  private pendingCandidates: ParsedSeatClientMessage[] = [];
  private answered = false;
  private finish: ((end: SeatEnd, reason: SeatCallEndReason) => void) | null = null;
  private over = false;
  /** The media's outcome, when it came before takeCall waited for it. */
  private mediaOutcome: boolean | null = null;
  private mediaReady: (up: boolean) => void = (up) => {
    this.mediaOutcome = up;
  };
  private markSettled: () => void = () => undefined;
  /** Resolves when nothing of this transfer is left to route: no offer rings and no seat is in the call. */
  readonly settled = new Promise<void>((resolve) => {
    this.markSettled = resolve;
  });

  constructor(
    private readonly deps: TransferDeps,
    readonly request: TransferRequest,
    /** Every offer of this transfer is this plus its id and deadline; the handover note joins it when it comes. */
    private readonly template: OfferTemplate,
  ) {}

  get callId(): string {
    return this.request.callId;
  }

  /** Whether an event of this seat concerns this transfer. */
  concerns(operatorId: string): boolean {
    return this.offer?.operatorId === operatorId || this.operatorId === operatorId;
  }

  async run(): Promise<TransferResult> {
    try {
      const result = await this.offerLoop();
      if (!result.ok) this.markSettled();
      return result;
    } catch (error) {
      this.markSettled();
      throw error;
    }
  }

  private async offerLoop(): Promise<TransferResult> {
    const tried: string[] = [];
    const { signal } = this.request;
    const onAbort = () => this.answerOffer?.('aborted');
    signal.addEventListener('abort', onAbort);
    try {
      for (;;) {
        if (signal.aborted) return { ok: false, reason: 'aborted' };
        const offer = await claimSeat(
          this.deps.db,
          {
            callId: this.callId,
            companyId: this.request.companyId,
            projectId: this.request.projectId,
            exclude: tried,
            offerMs: this.deps.timing.offerSeconds * 1000,
            staleMs: this.deps.timing.staleMs,
          },
          (offerId, deadline) => ({ ...this.template, offerId, deadline: deadline.toISOString() }),
        );
        if (!offer) return { ok: false, reason: tried.length > 0 ? 'not-accepted' : 'no-seat' };
        tried.push(offer.operatorId);
        this.offer = offer;
        const answer = await this.ring(offer);
        this.offer = null;
        if (answer === 'accepted') return await this.takeCall(offer.operatorId);
        if (answer === 'aborted') return { ok: false, reason: 'aborted' };
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** A message of the seat about this call (through the bus). */
  handle(operatorId: string, message: ParsedSeatClientMessage | { type: 'seat-lost' }): void {
    if (this.offer?.operatorId === operatorId) {
      if (message.type === 'seat-lost') return this.answerOffer?.('lost');
      if ((message.type === 'accept' || message.type === 'reject') && message.offerId === this.offer.offerId) {
        // The call is the seat's from its accept on: the seat's WebRTC offer may follow in the same breath
        // (two notifications delivered together), before the ring's continuation has taken the call.
        if (message.type === 'accept') this.operatorId = operatorId;
        return this.answerOffer?.(message.type === 'accept' ? 'accepted' : 'rejected');
      }
      if (this.operatorId !== operatorId) return;
    }
    if (this.operatorId !== operatorId) return;
    switch (message.type) {
      case 'seat-lost':
        this.finish?.({ by: 'seat' }, 'system');
        return;
      case 'webrtc-offer':
        void this.answerMedia(message.sdp);
        return;
      case 'ice-candidate':
        // Candidates may overtake the offer between processes: they wait until the offer is applied.
        if (this.peer && this.answered) void this.peer.addCandidate(message.candidate).catch(() => undefined);
        else this.pendingCandidates.push(message);
        return;
      case 'mute':
        this.bridge?.setMuted(message.muted);
        void this.toSeat({ type: 'muted', callId: this.callId, muted: message.muted });
        return;
      case 'hang-up':
        this.finish?.({ by: 'seat' }, 'seat-hung-up');
        return;
      default:
        return;
    }
  }

  /** Rings one seat until it answers, the deadline passes, the seat goes away or the callee hangs up. */
  private async ring(offer: OfferClaim): Promise<OfferAnswer> {
    const answer = await new Promise<OfferAnswer>((resolve) => {
      const timer = setTimeout(() => resolve('expired'), Math.max(0, offer.deadline.getTime() - Date.now()));
      this.answerOffer = (value) => {
        clearTimeout(timer);
        resolve(value);
      };
      if (this.request.signal.aborted) this.answerOffer('aborted');
      this.offerSent = this.deps.bus.publish(offerEvent(offer, this.template)).catch((error: unknown) => {
        this.deps.log.warn({ err: error }, 'seat offer could not be published');
        this.answerOffer?.('lost');
      });
    });
    this.answerOffer = null;
    const outcome =
      answer === 'accepted' ? 'accepted' : answer === 'rejected' ? 'rejected' : answer === 'expired' ? 'expired' : 'withdrawn';
    const settled = await settleOffer(this.deps.db, { ...offer, callId: this.callId }, outcome);
    if (answer === 'accepted') {
      if (settled) {
        // The seat's state is the server's word: the screen shows "in call" (and offers no sign-out) from here.
        await this.toSeatOf(offer.operatorId, { type: 'seat-state', seatState: 'in-call', projectId: settled.seatProjectId });
        return 'accepted';
      }
      // The accept lost the race with the deadline: the seat is told the offer is gone.
      await this.toSeatOf(offer.operatorId, { type: 'error', code: 'offer-gone', message: translate('e.seat.offerGone', 'en-US') });
    }
    const reason =
      answer === 'aborted' ? 'callee-hung-up' : answer === 'rejected' ? 'rejected' : answer === 'lost' ? 'signed-out' : 'timeout';
    await this.toSeatOf(offer.operatorId, { type: 'offer-withdrawn', offerId: offer.offerId, reason });
    return answer === 'accepted' ? 'expired' : answer;
  }

  /** The seat accepted: its media must come up within `mediaSeconds`, else the system hangs up the call. */
  private async takeCall(operatorId: string): Promise<TransferResult> {
    this.operatorId = operatorId;
    const ended = new Promise<SeatEnd>((resolve) => {
      this.finish = (end, reason) => {
        if (this.over) return;
        this.over = true;
        resolve(end);
        void this.wrapUp(end, reason);
      };
    });
    void this.request.call.ended.then(() => this.finish?.({ by: 'callee' }, 'callee-hung-up'));

    const mediaUp = await Promise.race([
      new Promise<boolean>((resolve) => {
        if (this.mediaOutcome !== null) resolve(this.mediaOutcome);
        this.mediaReady = resolve;
      }),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), this.deps.timing.mediaSeconds * 1000)),
      ended.then(() => false),
    ]);
    if (!mediaUp) {
      if (this.over) return { ok: false, reason: 'aborted' };
      this.deps.log.warn({ callId: this.callId, operatorId }, 'seat media did not connect: hanging up');
      await this.toSeat({ type: 'error', code: 'call-connection-failed', message: translate('e.seat.callConnectionFailed', 'en-US') });
      this.finish?.({ by: 'media-failed' }, 'media-failed');
      await this.request.call.hangup();
      return { ok: false, reason: 'media-failed' };
    }
    void this.peer!.lost.then(() => this.finish?.({ by: 'media-failed' }, 'media-failed'));
    await this.toSeat({ type: 'pre-voice', callId: this.callId });
    const seat: SeatHandle = {
      operatorId,
      connect: async () => {
        if (this.over) return;
        this.bridge?.connect();
        await this.toSeat({ type: 'connected', callId: this.callId, at: new Date().toISOString() });
      },
      ended,
    };
    return { ok: true, seat };
  }

  private async answerMedia(sdp: string): Promise<void> {
    if (this.peer || this.over) return;
    const peer = new SeatPeer(
      (payload) => this.bridge?.fromSeat(payload),
      (candidate) => void this.toSeat({ type: 'ice-candidate', callId: this.callId, candidate }),
      { interfaceAddresses: this.deps.iceAddresses },
    );
    this.peer = peer;
    try {
      const answer = await peer.answer(sdp);
      this.answered = true;
      for (const pending of this.pendingCandidates.splice(0)) {
        if (pending.type === 'ice-candidate') await peer.addCandidate(pending.candidate).catch(() => undefined);
      }
      await this.toSeat({ type: 'webrtc-answer', callId: this.callId, sdp: answer });
      const up = await peer.connected;
      if (up && !this.over) this.bridge = new SeatBridge(this.request.call, peer);
      this.mediaReady(up);
    } catch (error) {
      this.deps.log.warn({ err: error, callId: this.callId }, 'seat offer could not be answered');
      this.mediaReady(false);
    }
  }

  private async wrapUp(end: SeatEnd, reason: SeatCallEndReason): Promise<void> {
    this.bridge?.close();
    await this.peer?.close();
    const operatorId = this.operatorId!;
    await this.toSeat({ type: 'call-ended', callId: this.callId, reason });
    const released = await releaseSeat(
      this.deps.db,
      { operatorId, callId: this.callId },
      end.by === 'media-failed' ? MEDIA_FAILED : null,
    ).catch((error: unknown) => {
      this.deps.log.warn({ err: error }, 'seat could not be released');
      return null;
    });
    if (released) await this.toSeat({ type: 'seat-state', seatState: released.state, projectId: released.projectId });
    this.markSettled();
    if (end.by === 'seat' && this.request.call.state !== 'ended') await this.request.call.hangup();
  }

  /**
   * The handover note is ready: offers from now on carry it, and the seat the call rings at (after its offer)
   * or is with gets it as `call-summary`. Between two seats it only joins the template: the next offer has it.
   */
  async deliverSummary(summary: string): Promise<void> {
    this.template.summary = summary;
    const message: SeatServerMessage = { type: 'call-summary', callId: this.callId, summary };
    const ringing = this.offer;
    if (ringing) {
      await this.offerSent;
      await this.toSeatOf(ringing.operatorId, message);
    } else await this.toSeat(message);
  }

  /** Seat frames that were dropped while the seat could not speak, and those that reached the call. */
  get audioCounts(): { dropped: number; forwarded: number } {
    return { dropped: this.bridge?.dropped ?? 0, forwarded: this.bridge?.forwarded ?? 0 };
  }

  private toSeat(message: SeatServerMessage): Promise<void> {
    return this.operatorId ? this.toSeatOf(this.operatorId, message) : Promise.resolve();
  }

  private async toSeatOf(operatorId: string, message: SeatServerMessage): Promise<void> {
    await this.deps.bus
      .publish({ kind: 'to-seat', operatorId, message })
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'seat message could not be published'));
  }
}
