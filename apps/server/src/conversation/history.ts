import type { ConversationLine, Speaker } from '@dialwise/contracts';

/**
 * The conversation as the runtime keeps it: only what was really said and heard. A reply cut short by
 * the customer is kept as the part they heard, marked interrupted (Pipecat / LiveKit Agents keep the same
 * rule, so the model never believes it said what the customer never heard). Counts per party feed the
 * routers' `round` and `interrupt` conditions.
 */

/** The two parties the routers count; a seat's lines (after a transfer) are kept but never counted. */
export type Party = Exclude<Speaker, 'seat'>;

/** A transcript line with the turn that produced it; `atMs` (ms since the answer) is rounded only on the record. */
export interface HistoryLine extends ConversationLine {
  turnId?: string;
}

export class History {
  readonly lines: HistoryLine[] = [];
  private readonly rounds: Record<Party, number> = { customer: 0, ai: 0 };
  private readonly interrupts: Record<Party, number> = { customer: 0, ai: 0 };

  add(line: HistoryLine): void {
    if (!line.text.trim()) return;
    this.lines.push(line);
    this.count(line);
  }

  /** Adds a line where it belongs in time among those kept (a line said over ours, kept once ours closed). */
  addInOrder(line: HistoryLine): void {
    if (!line.text.trim()) return;
    let at = this.lines.length;
    while (at > 0 && this.lines[at - 1]!.atMs > line.atMs) at--;
    this.lines.splice(at, 0, line);
    this.count(line);
  }

  private count(line: HistoryLine): void {
    if (line.speaker !== 'seat' && !line.filler) this.rounds[line.speaker]++;
  }

  /** A copy to think ahead on (preemptive generation): adding to it leaves this one as it is. */
  clone(): History {
    const copy = new History();
    copy.lines.push(...this.lines);
    Object.assign(copy.rounds, this.rounds);
    Object.assign(copy.interrupts, this.interrupts);
    return copy;
  }

  /** The customer cut us short, or we cut them (the AI: never done here, kept for the condition's symmetry). */
  countInterrupt(by: Party): void {
    this.interrupts[by]++;
  }

  roundsOf(party: Party): number {
    return this.rounds[party];
  }

  interruptsBy(party: Party): number {
    return this.interrupts[party];
  }

  lastOf(party: Party): string {
    for (let i = this.lines.length - 1; i >= 0; i--) {
      const line = this.lines[i]!;
      if (line.speaker === party && !line.filler) return line.text;
    }
    return '';
  }
}

/** The history as the call record stores it: whole milliseconds, no turn ids. */
export function conversationOf(history: History): ConversationLine[] {
  return history.lines.map((line) => ({
    speaker: line.speaker,
    text: line.text,
    atMs: Math.max(0, Math.round(line.atMs)),
    ...(line.interrupted ? { interrupted: true } : {}),
    ...(line.filler ? { filler: true } : {}),
  }));
}
