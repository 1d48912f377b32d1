import type { TransferResult, SeatDispatcher, TransferRequest } from '../conversation/seat-dispatcher.ts';
import type { SeatBus, SeatEvent } from './seat-bus.ts';
import { loadOfferTemplate } from './load-offer.ts';
import { recordTransfer, recordTransferSummary } from './record-transfer.ts';
import { type CutSeat, tellCutSeats } from './release-cut-seats.ts';
import { TransferSession, type TransferDeps } from './transfer-session.ts';

/**
 * The real SeatDispatcher: each transfer is a TransferSession in this process (the one holding the call);
 * seats' answers come back over the bus and go to the session that rang or holds that seat.
 */
export class SeatDispatch implements SeatDispatcher {
  private readonly sessions = new Set<TransferSession>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: TransferDeps & { bus: SeatBus }) {
    this.unsubscribe = deps.bus.subscribe((event) => this.route(event));
  }

  async transfer(request: TransferRequest): Promise<TransferResult> {
    const template = await loadOfferTemplate(this.deps.db, request);
    const session = new TransferSession(this.deps, request, template);
    this.sessions.add(session);
    void this.handOverSummary(session, request);
    try {
      const result = await session.run();
      await recordTransfer(this.deps.db, request.callId, result).catch((error: unknown) =>
        this.deps.log.warn({ err: error, callId: request.callId }, 'transfer outcome not recorded'),
      );
      return result;
    } finally {
      // A taken call stays routed until the seat leaves it.
      void this.untilOver(session);
    }
  }

  /**
   * The handover note on the call record, and to the seat when it was not ready for the offer. Recorded first,
   * so a seat that reads the call's info on the note's arrival finds it there too.
   */
  private async handOverSummary(session: TransferSession, request: TransferRequest): Promise<void> {
    const later = typeof request.summary !== 'string';
    const summary = await request.summary;
    await recordTransferSummary(this.deps.db, request.callId, summary).catch((error: unknown) =>
      this.deps.log.warn({ err: error, callId: request.callId }, 'handover summary not recorded'),
    );
    if (later) await session.deliverSummary(summary);
  }

  /** Seats freed from the calls of a dead process (`recoverLeases`): their pages hear it, wherever they are. */
  tellFreedSeats(seats: readonly CutSeat[]): Promise<void> {
    return tellCutSeats(this.deps.bus, seats);
  }

  get activeTransfers(): number {
    return this.sessions.size;
  }

  close(): void {
    this.unsubscribe();
  }

  private async untilOver(session: TransferSession): Promise<void> {
    await session.settled;
    this.sessions.delete(session);
  }

  private route(event: SeatEvent): void {
    if (event.kind === 'from-seat') {
      for (const session of this.sessions) if (session.concerns(event.operatorId)) session.handle(event.operatorId, event.message);
    } else if (event.kind === 'seat-lost' || event.kind === 'replace') {
      for (const session of this.sessions) if (session.concerns(event.operatorId)) session.handle(event.operatorId, { type: 'seat-lost' });
    }
  }
}
