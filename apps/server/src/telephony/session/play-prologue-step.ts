/**
 * Step: the task's opening prologue(s). Each is said (text into the conversation and onto the text
 * channel) with its audio, then the task's pause time passes before the next one or the next step.
 * The audio is what the caller gives (the offline TTS on SIP calls); without it, a stand-in: two soft beeps
 * followed by silence as long as the line would take to say, so recordings show where our side spoke.
 */
import { concat, silence, speakingMs, tone } from '../../audio/pcm.ts';
import { KillableDelay, type CallSession, type CallStep } from './call-session.ts';

export interface Prologue {
  text: string;
  /** PCM 8 kHz to play; default the stand-in beeps. `null` plays nothing (text only). */
  audio?: Int16Array | null;
}

export interface PlayPrologueOptions {
  prologues: readonly Prologue[];
  /** The task's pause time after each prologue (spec: 1–10 s). */
  pauseMs: number;
}

/** Two 400 Hz beeps, then silence for the time `text` takes to say. */
export function standInSpeech(text: string): Int16Array {
  const beeps = concat(tone(400, 120, 0.2), silence(80), tone(400, 120, 0.2));
  return concat(beeps, silence(Math.max(0, speakingMs(text) - 320)));
}

export class PlayPrologueStep implements CallStep {
  readonly name = 'play-prologue';
  private readonly delay = new KillableDelay();
  private session: CallSession | null = null;

  constructor(private readonly options: PlayPrologueOptions) {}

  async exec(session: CallSession): Promise<void> {
    this.session = session;
    for (const prologue of this.options.prologues) {
      const audio = prologue.audio === undefined ? standInSpeech(prologue.text) : (prologue.audio ?? undefined);
      const played = await session.say(prologue.text, audio);
      if (!played || session.isOver) return;
      if (!(await this.delay.wait(this.options.pauseMs)) || session.isOver) return;
    }
  }

  kill(): void {
    this.session?.call.clearAudio();
    this.delay.kill();
  }
}
