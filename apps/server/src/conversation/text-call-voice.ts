import { EventEmitter } from 'node:events';
import { concat, silence, speakingMs, tone } from '../audio/pcm.ts';
import { TimerSet, type CallEventMap, type CallHandle } from '../telephony/index.ts';
import {
  msToWordBoundary,
  type SpeechKind,
  type CallVoice,
  type CallVoiceEvents,
  type SpokenSentence,
  takeFillers,
  takeQueued,
} from './call-voice.ts';
import { endpointingDelayMs } from './endpointing.ts';

/**
 * CallVoice on the simulated trunk, whose callees talk in text. Our sentences go out on the text channel
 * with audio: spoken by the offline TTS when a `speech` source is given at real time (the demo's
 * recordings then sound like a conversation), else stand-in beeps as long as the line would take to say
 * (so the recording shows where we spoke and the playout clock says how much of a cut sentence was
 * heard); the callee's lines come in as speech start (when they begin) and a final (when they would have
 * finished saying it).
 *
 * `timeScale` shortens both (tests run a conversation in a fraction of its real time).
 */
export class TextCallVoice extends EventEmitter<CallVoiceEvents> implements CallVoice {
  private readonly queue: Queued[] = [];
  private playing: Playing | null = null;
  private readonly timers = new TimerSet();
  private readonly startedAt = performance.now();
  private closed = false;
  private readonly onUtterance = (event: CallEventMap['utterance'][0]) => {
    if (event.utterance.speaker !== 'customer' || this.closed) return;
    const text = event.utterance.text;
    const atMs = this.now();
    this.emit('speech-start', { atMs });
    this.timers.after(Math.round(speakingMs(text) * this.timeScale), () => {
      if (this.closed) return;
      const end = this.now();
      if (this.endpointingMs <= 0) {
        this.emit('speech-end', { atMs: end });
        this.emit('final', { text, atMs: end, speechEndMs: end });
        return;
      }
      // As a speech call hears it: the words so far as a partial when speech ends, the final after the
      // (adaptive) endpointing delay — unless the callee speaks again first (then that line ends the turn).
      const line = ++this.lines;
      this.words = this.words ? `${this.words} ${text}` : text;
      const words = this.words;
      this.emit('partial', { text: words, atMs: end });
      this.emit('speech-end', { atMs: end });
      this.timers.after(endpointingDelayMs(words, this.endpointingMs) * this.timeScale, () => {
        if (this.closed || line !== this.lines) return;
        this.words = '';
        this.emit('final', { text: words, atMs: this.now(), speechEndMs: end });
      });
    });
  };
  /** Callee lines so far, and the words of the turn not yet final (a line said within the delay joins the turn). */
  private lines = 0;
  private words = '';

  /**
   * `speech` (optional) turns our lines into real speech for the recording (espeak-ng); used only at
   * real time (timeScale 1), where the line then lasts as long as its audio.
   */
  constructor(
    private readonly call: CallHandle,
    private readonly timeScale = 1,
    private readonly speech: ((text: string) => Promise<Int16Array | null>) | null = null,
    /**
     * 0 (the default): a callee line is final the moment it is said. Above 0: the line ends as a speech call's
     * turn does — a partial and speech-end at the end of speech, the final after this endpointing delay (adapted
     * to the words, endpointing.ts); bench:heard uses it to measure what preemptive generation saves.
     */
    private readonly endpointingMs = 0,
  ) {
    super();
    call.on('utterance', this.onUtterance);
  }

  now(): number {
    return Math.round(performance.now() - this.startedAt);
  }

  speak(sentence: string, turnId: string, kind: SpeechKind = 'answer'): Promise<SpokenSentence> {
    if (this.closed) return Promise.resolve(this.unheard(sentence, turnId));
    return new Promise((resolve) => {
      if (kind === 'answer') this.answerReady();
      this.queue.push({ sentence, turnId, kind, resolve });
      this.pump();
    });
  }

  /** An answer sentence is ready: queued fillers go, a playing filler ends at its next word boundary. */
  private answerReady(): void {
    for (const item of takeFillers(this.queue)) item.resolve(this.unheard(item.sentence, item.turnId));
    const playing = this.playing;
    if (playing?.kind !== 'filler' || playing.cutAt !== null) return;
    const elapsed = this.now() - playing.startedAt;
    playing.cutAt = this.now() + msToWordBoundary(playing.sentence, elapsed, playing.durationMs);
    this.timers.after(playing.cutAt - this.now(), () => {
      if (this.playing !== playing || playing.cut) return;
      playing.cut = true;
      this.call.clearAudio();
    });
  }

  interrupt(turnId?: string): void {
    for (const item of takeQueued(this.queue, turnId)) item.resolve(this.unheard(item.sentence, item.turnId));
    if (this.playing && (turnId === undefined || this.playing.turnId === turnId)) {
      this.playing.cut = true;
      this.call.clearAudio();
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.call.off('utterance', this.onUtterance);
    this.timers.clearAll();
    this.interrupt();
  }

  private pump(): void {
    if (this.playing || this.closed) return;
    const next = this.queue.shift();
    if (!next) return;
    const playing: Playing = { ...next, startedAt: this.now(), durationMs: 20, cut: false, cutAt: null };
    this.playing = playing;
    const start = (audio: Int16Array) => {
      playing.startedAt = this.now();
      playing.durationMs = Math.max(20, Math.round(audio.length / 8));
      this.call.text?.say(next.sentence);
      this.play(next, playing, audio);
    };
    if (!this.speech || this.timeScale !== 1) {
      start(standIn(Math.max(20, Math.round(speakingMs(next.sentence) * this.timeScale))));
      return;
    }
    void this.speech(next.sentence)
      .catch(() => null)
      .then((speech) => {
        if (playing.cut || this.closed) {
          this.playing = null;
          next.resolve(this.unheard(next.sentence, next.turnId));
          this.pump();
          return;
        }
        start(speech && speech.length > 0 ? speech : standIn(speakingMs(next.sentence)));
      });
  }

  private play(next: Queued, playing: Playing, audio: Int16Array): void {
    let sentAtMs: number | null = null;
    const sent = () => {
      sentAtMs = this.now();
    };
    void this.call.sendAudio(audio, sent).then((played) => {
      const endedAtMs = this.now();
      const heardShare = played && !playing.cut ? 1 : Math.min(1, (endedAtMs - playing.startedAt) / playing.durationMs);
      this.playing = null;
      next.resolve({
        turnId: next.turnId,
        text: next.sentence,
        heardText: heardPrefix(next.sentence, heardShare),
        completed: heardShare >= 1,
        firstAudioAtMs: playing.startedAt,
        sentAtMs,
        endedAtMs,
      });
      this.pump();
    });
  }

  private unheard(sentence: string, turnId: string): SpokenSentence {
    return { turnId, text: sentence, heardText: '', completed: false, firstAudioAtMs: null, endedAtMs: this.now() };
  }
}

interface Queued {
  sentence: string;
  turnId: string;
  kind: SpeechKind;
  resolve: (spoken: SpokenSentence) => void;
}

interface Playing extends Queued {
  startedAt: number;
  durationMs: number;
  cut: boolean;
  /** A filler cut at a word boundary because an answer is ready: when (null: not cut). */
  cutAt: number | null;
}

/**
 * Two soft beeps then silence for `durationMs`: where our side spoke, when there is no voice to say it.
 * Made once per duration and shared (the call only reads the clips it plays): computing the beeps' sines
 * for every sentence of every call was a visible share of the 200-conversation profile.
 */
function standIn(durationMs: number): Int16Array {
  let clip = standIns.get(durationMs);
  if (!clip) {
    const beeps = durationMs >= 400 ? concat(tone(400, 120, 0.2), silence(80), tone(400, 120, 0.2)) : tone(400, 20, 0.2);
    clip = concat(beeps, silence(Math.max(0, durationMs - beeps.length / 8)));
    if (standIns.size >= STAND_INS_KEPT) standIns.clear();
    standIns.set(durationMs, clip);
  }
  return clip;
}

const standIns = new Map<number, Int16Array>();
const STAND_INS_KEPT = 256;

/** The words of `text` heard when `share` of its audio played (whole words, CJK by character). */
export function heardPrefix(text: string, share: number): string {
  if (share >= 1) return text;
  if (share <= 0) return '';
  const cut = Math.floor(text.length * share);
  if (/[\u4e00-\u9fff]/.test(text)) return text.slice(0, cut);
  const space = text.lastIndexOf(' ', cut);
  return space > 0 ? text.slice(0, space) : '';
}
