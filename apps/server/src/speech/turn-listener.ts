/**
 * The callee's side of a speech call: every 20 ms frame goes to the VAD and to the recogniser; VAD
 * speech start/end become the call voice's `speech-start` / `speech-end`; the end of speech plus the
 * endpointing delay ends the turn (the recogniser is flushed and its final becomes the turn's text). The
 * delay adapts to the words so far (endpointing.ts): shorter after a complete question or answer.
 * Speech that resumes within the delay continues the same turn.
 *
 * At the VAD's first quiet window (its tentative end, `speech-pause`, 256 ms before it confirms the end) the
 * recogniser is asked for the words so far without ending anything (`AsrSession.peek`): the runtime starts its
 * answer on them, and drops it if the callee goes on (`speech-resume`).
 *
 * At the VAD's end of speech the recogniser is asked to settle (`AsrSession.settle`): the offline one
 * decodes what it holds and answers the turn so far as a partial within milliseconds, so the runtime can
 * start its answer while the delay runs (preemptive generation) and the delay itself is chosen on those
 * words — a finished question waits 300 ms instead of 600. Measured from the speech's end, not from when
 * the words arrived.
 *
 * The recogniser only gets the turn's audio: from `LEAD_MS` before the VAD's speech start (the VAD
 * decides a little after the speech began) to the end of the turn. Long stretches of line silence before
 * an utterance drift pocketsphinx's noise estimate and segmentation (a reply after 4 s of silence came out
 * as "what what"), and recognising silence only costs CPU.
 *
 * Without a recogniser (no offline model for the language and no vendor ASR configured) the turns are
 * still found by the VAD, and each comes out as a final with empty text: the runtime then answers with
 * its fallback line ("could you say that again?") instead of staying silent, and the reason is reported
 * once as a failure on the call.
 */
import { endpointingDelayMs } from '../conversation/endpointing.ts';
import type { AsrSession, Transcript, Vad, VadEvent } from './engines.ts';

/**
 * Audio kept from before what the VAD has judged; the recogniser gets it from `LEAD_MS` before the onset
 * the VAD reports. The VAD judges its windows off the frame loop and lags the newest frame — by seconds on
 * a loaded machine (at load 20 a speech start came 1.7 s after its onset) — so the pre-roll is counted back
 * from the VAD's progress, not from the newest frame: counted from the newest frame, a late decision found
 * the words' start already gone and the recogniser heard only their end ("how can i help you" as "no").
 * `MAX_PREROLL_MS` bounds it if the VAD stops progressing.
 */
const PREROLL_MS = 1000;
const MAX_PREROLL_MS = 5000;
const LEAD_MS = 300;
/** How often a due turn end looks again whether a lagging VAD has judged the silence yet (its windows are 32 ms). */
const VAD_RECHECK_MS = 20;

export interface TurnEvents {
  speechStart(atMs: number): void;
  /**
   * The VAD's first quiet window inside speech (a tentative end; `speechEnd` confirms it, `speechResume` takes it
   * back). Given: the recogniser is asked for the words so far at once (`AsrSession.peek`), so that an answer can
   * be started on them; absent (the seat's transcriber, which answers nothing): no words are asked for.
   */
  speechPause?(atMs: number): void;
  speechResume?(atMs: number): void;
  speechEnd(atMs: number): void;
  partial(text: string, atMs: number): void;
  final(text: string, speechEndMs: number): void;
  failure(stage: 'asr' | 'vad', detail: string): void;
}

export class TurnListener {
  private speaking = false;
  private endpoint: NodeJS.Timeout | null = null;
  /** End of the current turn's speech, waiting for the endpointing delay or for the recogniser. */
  private lastSpeechEndMs: number | null = null;
  private awaiting: number[] = [];
  private closed = false;
  /** Between speech start and the end of the turn: frames go to the recogniser, else to the pre-roll. */
  private inTurn = false;
  private readonly preroll: Array<{ samples: Int16Array; atMs: number }> = [];
  /** Called when the recogniser has answered every ended turn (`finishTurns` waits for it). */
  private answered: (() => void) | null = null;
  /** Call time of the last frame seen (the VAD's events refer to it). */
  lastFrameMs = 0;
  /** The recogniser's latest partial of the current turn: how it reads sets the endpointing delay. */
  private partialText = '';
  /** When the callee's speech ended (as the VAD dates it), on this process's clock; null: not waiting. */
  private endpointFrom: number | null = null;

  constructor(
    private readonly vad: Vad,
    private readonly asr: AsrSession | null,
    private readonly events: TurnEvents,
    private readonly endpointingMs: number,
  ) {
    vad.listen?.((event) => this.onVad(event));
    asr?.on('transcript', (transcript) => this.onTranscript(transcript));
    asr?.on('error', (error) => this.events.failure('asr', error.message));
  }

  get isSpeaking(): boolean {
    return this.speaking;
  }

  push(samples: Int16Array, atMs: number): void {
    if (this.closed) return;
    this.lastFrameMs = atMs;
    for (const event of this.vad.push(samples, atMs)) this.onVad(event);
    if (this.inTurn) {
      this.asr?.push(samples, atMs);
      return;
    }
    this.preroll.push({ samples, atMs });
    const keepFromMs = Math.min(this.vad.judgedMs ?? atMs, atMs) - PREROLL_MS;
    while (this.preroll.length > MAX_PREROLL_MS / 20 || this.preroll[0]!.atMs < keepFromMs) this.preroll.shift();
  }

  /**
   * The speaker left (the seat's call ended): the turn in progress ends now, without waiting for the VAD
   * or the endpointing delay. Resolves once the recogniser has answered every turn ended so far, or after
   * `timeoutMs` (a recogniser that never answers must not hold the call's record back).
   */
  finishTurns(timeoutMs: number): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.inTurn) {
      this.disarmEndpoint();
      this.speaking = false;
      this.lastSpeechEndMs ??= this.lastFrameMs;
      this.endTurn();
    }
    if (this.awaiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.answered = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.endpoint) clearTimeout(this.endpoint);
    this.vad.close();
    this.asr?.close();
  }

  private onVad(event: VadEvent): void {
    if (this.closed) return;
    if (event.type === 'speech-start') {
      this.disarmEndpoint();
      this.speaking = true;
      if (!this.inTurn) {
        this.inTurn = true;
        for (const frame of this.preroll.splice(0)) if (frame.atMs >= event.atMs - LEAD_MS) this.asr?.push(frame.samples, frame.atMs);
      }
      this.events.speechStart(event.atMs);
      return;
    }
    if (!this.speaking) return;
    if (event.type === 'speech-pause') {
      if (!this.events.speechPause) return;
      this.events.speechPause(event.atMs);
      // The words so far, the recogniser's utterance left open: the callee may go on (a settle would end it there).
      this.asr?.peek?.();
      return;
    }
    if (event.type === 'speech-resume') {
      this.events.speechResume?.(event.atMs);
      return;
    }
    this.speaking = false;
    this.lastSpeechEndMs = event.atMs;
    this.events.speechEnd(event.atMs);
    // The VAD dates the end where the speech stopped and says so only after its own stretch of silence (and its
    // lag behind the frames): that silence is part of the endpointing delay, not added to it. The turn still ends
    // only once the VAD has judged the whole delay's silence (endpointDue).
    this.endpointFrom = performance.now() - Math.max(0, this.lastFrameMs - event.atMs);
    this.armEndpoint();
    this.asr?.settle?.();
  }

  /**
   * Adaptive: a complete question or answer ends the turn sooner, words that trail off wait longer
   * (endpointing.ts); re-armed when the words change during the wait, always counted from the speech's end.
   */
  private armEndpoint(): void {
    if (this.endpointFrom === null) return;
    if (this.endpoint) clearTimeout(this.endpoint);
    const delay = endpointingDelayMs(this.partialText, this.endpointingMs);
    const waited = performance.now() - this.endpointFrom;
    this.endpoint = setTimeout(() => this.endpointDue(delay), Math.max(0, delay - waited));
  }

  /**
   * The delay has passed since the speech ended; the turn ends once the VAD has also judged that much silence.
   * A VAD that lags the frames has not heard yet whether the callee went on: its speech start, when it finds one,
   * disarms this.
   */
  private endpointDue(delay: number): void {
    const judged = Math.min(this.vad.judgedMs ?? this.lastFrameMs, this.lastFrameMs);
    if (this.lastSpeechEndMs === null || judged >= this.lastSpeechEndMs + delay) {
      this.endTurn();
      return;
    }
    this.endpoint = setTimeout(() => this.endpointDue(delay), VAD_RECHECK_MS);
  }

  /** The turn goes on (or is ended now): no endpointing delay runs. */
  private disarmEndpoint(): void {
    if (this.endpoint) clearTimeout(this.endpoint);
    this.endpoint = null;
    this.endpointFrom = null;
  }

  private endTurn(): void {
    this.disarmEndpoint();
    const speechEndMs = this.lastSpeechEndMs ?? this.lastFrameMs;
    this.lastSpeechEndMs = null;
    this.inTurn = false;
    this.partialText = '';
    if (!this.asr) {
      this.events.final('', speechEndMs);
      return;
    }
    this.awaiting.push(speechEndMs);
    this.asr.flush();
  }

  private onTranscript(transcript: Transcript): void {
    if (this.closed) return;
    if (!transcript.final) {
      if (this.inTurn && transcript.text !== this.partialText) {
        this.partialText = transcript.text;
        this.armEndpoint();
      }
      this.events.partial(transcript.text, transcript.endMs);
      return;
    }
    const speechEndMs = this.awaiting.shift() ?? transcript.endMs;
    // Nothing of the grammar in it (a cough, a noise the VAD let through): no turn to answer. A turn
    // nothing could hear is answered all the same (the runtime's fallback line), as without a recogniser.
    if (transcript.text.trim() || transcript.unheard) this.events.final(transcript.text, speechEndMs);
    if (this.awaiting.length === 0) this.answered?.();
  }
}
