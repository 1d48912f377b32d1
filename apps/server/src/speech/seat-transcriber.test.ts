import { describe, expect, it } from 'vitest';
import { useAgentSpeech } from '../../test/agent-speech.ts';
import type { SeatTranscriber } from '../conversation/seat-transcript.ts';
import type { SeatSpeechPlan } from './speech-engines.ts';

/** The seat's transcriber on the real offline engines (Silero VAD + pocketsphinx), fed at the call's pace. */
const speech = useAgentSpeech('dialwise-seat-asr-');

const plan = (extra: Partial<SeatSpeechPlan> = {}): SeatSpeechPlan => ({
  language: 'en-US',
  operatorAsr: { provider: 'offline', url: null },
  phrases: ['renewal price'],
  ...extra,
});

/** One 20 ms frame per 20 ms, like the call's media clock. */
async function play(transcriber: SeatTranscriber, clip: Int16Array, fromMs = 0): Promise<void> {
  let due = performance.now();
  for (let at = 0; at < clip.length; at += 160) {
    transcriber.push(clip.slice(at, at + 160), fromMs + at / 8);
    due += 20;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
}

function open(seatPlan = plan()) {
  const lines: string[] = [];
  const failures: string[] = [];
  const transcriber = speech.engines.openSeatTranscriber(seatPlan, {
    line: (text) => lines.push(text),
    failure: (detail) => failures.push(detail),
  });
  return { transcriber, lines, failures };
}

describe('the seat’s transcriber (operator ASR, offline engines)', () => {
  it('turns what the agent says into a line once they pause', async () => {
    const { transcriber, lines, failures } = open();
    try {
      await play(transcriber, speech.agent.speech);
      await expect.poll(() => lines, { timeout: 10_000 }).toEqual(['how can i help you']);
      expect(failures).toEqual([]);
    } finally {
      await transcriber.finish();
    }
  });

  it('the agent hangs up mid-sentence: finish() still delivers the line before it resolves', async () => {
    const { transcriber, lines } = open();
    // Up to the end of the sentence, without the pause after it that would end the turn.
    await play(transcriber, speech.agent.speech.slice(0, (speech.agent.speechEndMs + 40) * 8));
    await transcriber.finish();
    expect(lines).toEqual(['how can i help you']);
    // Nothing is taken after it.
    await play(transcriber, speech.agent.speech.slice(0, 8000));
    expect(lines).toHaveLength(1);
  });

  it('a VAD running seconds behind the frames (a loaded machine) still gives the recogniser the words from their start', async () => {
    const { transcriber, lines } = open();
    try {
      // The whole clip at once (1 s of line, the sentence, 1 s of line): the VAD, judging its windows off the
      // frame loop, decides the speech started only after all of it is in — as when it falls seconds behind.
      for (let at = 0; at < speech.agent.speech.length; at += 160) transcriber.push(speech.agent.speech.slice(at, at + 160), at / 8);
      await play(transcriber, speech.agent.silence, speech.agent.speech.length / 8);
      await expect.poll(() => lines, { timeout: 10_000 }).toEqual(['how can i help you']);
    } finally {
      await transcriber.finish();
    }
  });

  it('without a recogniser for the language (Mandarin offline) says so once and gives no line', async () => {
    const { transcriber, lines, failures } = open(plan({ language: 'zh-CN' }));
    await play(transcriber, speech.agent.speech);
    await transcriber.finish();
    expect(lines).toEqual([]);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/zh-CN/);
  });
});
