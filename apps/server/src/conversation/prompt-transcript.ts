import type { Speaker } from '@dialwise/contracts';

/**
 * How a model reads a call's lines: one line per utterance, `AI: …`, `Customer: …` or `Agent: …` (a seat is the
 * human agent), a line the speaker was cut off in ending in " …". The handover note and the call's analysis
 * both ask with it, and the demo model reads it back with the same labels.
 */
export const TRANSCRIPT_LABELS: Record<Speaker, string> = { ai: 'AI', customer: 'Customer', seat: 'Agent' };

export function promptTranscript(lines: ReadonlyArray<{ speaker: Speaker; text: string; interrupted?: boolean }>): string {
  return lines.map((line) => `${TRANSCRIPT_LABELS[line.speaker]}: ${line.text}${line.interrupted ? ' …' : ''}`).join('\n');
}

/** The words of one speaker's lines in a transcript `promptTranscript` wrote, in order. */
export function linesOf(transcript: string, speaker: Speaker): string[] {
  const label = `${TRANSCRIPT_LABELS[speaker]}: `;
  return transcript
    .split('\n')
    .filter((line) => line.startsWith(label))
    .map((line) => line.slice(label.length).trim());
}
