/**
 * The transfer to a seat, as a part of its own: offer the call to the seat dispatcher with the
 * conversation so far and a handover note, open the seat's transcriber while the success text plays,
 * connect the seat and follow the call until the seat leaves. The conductor (converse-step.ts) decides
 * when to transfer and says the tool's texts; this part knows seats.
 */
import type { CallRuntimeFailure } from '@dialwise/contracts';
import type { SeatDispatcher, SeatHandle } from './seat-dispatcher.ts';
import type { CallHandle } from '../telephony/index.ts';
import { handoverSummary } from './handover-summary.ts';
import type { History } from './history.ts';
import type { CallContext, ConversationPlan } from './plan.ts';
import { feedSeatAudio, type SeatTranscriber, type SeatTranscriptEvents } from './seat-transcript.ts';

/** A failed hand-over or announcement, recorded on the call as a runtime failure (the call adds when). */
export type TransferFailure = Pick<CallRuntimeFailure, 'turnId' | 'failure' | 'detail'> & { stage: 'transfer' | 'speech' };

export interface SeatTransferOptions {
  plan: ConversationPlan;
  call: CallContext;
  seats: SeatDispatcher | null;
  transfer: { callId: string; companyId: string; projectId: string; taskId: string; subtaskId: string };
  summaryTimeoutMs?: number;
  onTransferred?: (operatorId: string) => void;
  transcribeSeat?: (events: SeatTranscriptEvents) => Promise<SeatTranscriber>;
}

export class SeatTransfer {
  /** While the seat is transcribed: stops feeding it and resolves once its last line is in. */
  private transcript: { stop(): Promise<void> } | null = null;

  constructor(
    private readonly options: SeatTransferOptions,
    private readonly deps: {
      history: History;
      call: () => CallHandle;
      now: () => number;
      fail: (failure: TransferFailure) => void;
    },
  ) {}

  /** Whether the seat's side is transcribed (then the customer's lines after the handover are kept too). */
  get transcribing(): boolean {
    return this.transcript !== null;
  }

  /** Offers the call to a seat; null when none took it (the failure is recorded). */
  async offer(turnId: string, route: string, toolAlias: string): Promise<SeatHandle | null> {
    const seats = this.options.seats;
    if (!seats) return null;
    const call = this.deps.call();
    const abort = new AbortController();
    void call.ended.then(() => abort.abort());
    try {
      const result = await seats.transfer({
        ...this.options.transfer,
        call,
        conversation: this.deps.history.lines
          .filter((line) => !line.filler)
          .map((line) => ({
            speaker: line.speaker,
            text: line.text,
            at: new Date(Date.now() - (this.deps.now() - line.atMs)),
          })),
        summary: this.handoverNote(turnId, route, toolAlias, abort.signal),
        signal: abort.signal,
      });
      if (result.ok) return result.seat;
      this.deps.fail({ turnId, stage: 'transfer', failure: result.reason, detail: 'no seat took the call' });
      return null;
    } catch (error) {
      this.deps.fail({ turnId, stage: 'transfer', failure: 'error', detail: String(error) });
      return null;
    }
  }

  /** Opens the seat's transcriber while the success text plays (the engines may still be loading). */
  async openTranscriber(turnId: string): Promise<SeatTranscriber | null> {
    const open = this.options.transcribeSeat;
    if (!open) return null;
    try {
      return await open({
        line: (text) => this.deps.history.add({ speaker: 'seat', text, atMs: this.deps.now() }),
        failure: (detail) => this.deps.fail({ turnId, stage: 'speech', failure: 'operator-asr', detail }),
      });
    } catch (error) {
      this.deps.fail({ turnId, stage: 'speech', failure: 'operator-asr', detail: String(error) });
      return null;
    }
  }

  /** The seat takes over: connected, transcribed from now on, followed until it leaves. */
  async takeOver(seat: SeatHandle, transcriber: Promise<SeatTranscriber | null>, turnId: string, callOver: () => boolean): Promise<void> {
    try {
      await seat.connect();
      this.options.onTransferred?.(seat.operatorId);
      this.listen(await transcriber, callOver());
      await seat.ended;
    } catch (error) {
      this.deps.fail({ turnId, stage: 'transfer', failure: 'seat', detail: String(error) });
    }
    await this.stop();
  }

  /** The seat's last words may still be with its recogniser: resolves once they are in. */
  async stop(): Promise<void> {
    await this.transcript?.stop();
  }

  private listen(transcriber: SeatTranscriber | null, callOver: boolean): void {
    if (!transcriber || callOver) {
      void transcriber?.finish();
      return;
    }
    this.transcript = feedSeatAudio(this.deps.call(), transcriber, () => this.deps.now());
  }

  /**
   * The warm transfer's note for the seat: the scenario's analysis model writes it (the dispatcher sends the
   * offer without waiting, and the note when it comes), else the conversation's own note, at once.
   */
  private handoverNote(turnId: string, route: string, toolAlias: string, signal: AbortSignal): string | Promise<string> {
    const { scenario, processors, language } = this.options.plan;
    const processor = scenario.analysis ? processors.get(scenario.analysis.processorId) : undefined;
    return handoverSummary(
      {
        lines: this.deps.history.lines.filter((line) => !line.filler),
        language,
        route,
        toolAlias,
        scenarioName: scenario.name,
        businessInfo: this.options.call.businessInfo,
      },
      processor,
      {
        timeoutMs: this.options.summaryTimeoutMs,
        signal,
        onFailure: ({ failure, detail }) => this.deps.fail({ turnId, stage: 'transfer', failure: `summary-${failure}`, detail }),
      },
    );
  }
}
