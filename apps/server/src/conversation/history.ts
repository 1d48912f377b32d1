import type { ConversationLine } from '@dialwise/contracts';

/**
 * The conversation as the runtime keeps it: only what was really said and heard. A reply cut short by
 * the callee is kept as the part they heard, marked interrupted (Pipecat / LiveKit Agents keep the same
 * rule, so the model never believes it said what the callee never heard). Counts per role feed the
 * routers' `round` and `interrupt` conditions.
 */
export type Role = 'user' | 'assistant';

export interface HistoryLine {
  role: Role | 'seat';
  text: string;
  /** ms since the answer. */
  atMs: number;
  /** An assistant reply the callee cut short (text = the part they heard). */
  interrupted?: boolean;
  /** The turn that produced it (assistant lines). */
  turnId?: string;
  /** A filler said while the answer was awaited: in the transcript, never in the model's history or the rounds. */
  filler?: boolean;
}

export class History {
  readonly lines: HistoryLine[] = [];
  private readonly rounds: Record<Role, number> = { user: 0, assistant: 0 };
  private readonly interrupts: Record<Role, number> = { user: 0, assistant: 0 };

  add(line: HistoryLine): void {
    if (!line.text.trim()) return;
    this.lines.push(line);
    if (line.role !== 'seat' && !line.filler) this.rounds[line.role]++;
  }

  /** Adds a line where it belongs in time among those kept (a line said over ours, kept once ours closed). */
  addInOrder(line: HistoryLine): void {
    if (!line.text.trim()) return;
    let at = this.lines.length;
    while (at > 0 && this.lines[at - 1]!.atMs > line.atMs) at--;
    this.lines.splice(at, 0, line);
    if (line.role !== 'seat' && !line.filler) this.rounds[line.role]++;
  }

  /** A copy to think ahead on (preemptive generation): adding to it leaves this one as it is. */
  clone(): History {
    const copy = new History();
    copy.lines.push(...this.lines);
    Object.assign(copy.rounds, this.rounds);
    Object.assign(copy.interrupts, this.interrupts);
    return copy;
  }

  /** The callee (user) cut us short, or we cut them (assistant: never done here, kept for the condition's symmetry). */
  countInterrupt(by: Role): void {
    this.interrupts[by]++;
  }

  roundsOf(role: Role): number {
    return this.rounds[role];
  }

  interruptsBy(role: Role): number {
    return this.interrupts[role];
  }

  lastOf(role: Role): string {
    for (let i = this.lines.length - 1; i >= 0; i--) {
      const line = this.lines[i]!;
      if (line.role === role && !line.filler) return line.text;
    }
    return '';
  }

  /** As chat messages (the seat's lines are shown to the model as the user's side's helper). */
  asMessages(): Array<{ role: 'user' | 'assistant'; content: string }> {
    return this.lines
      .filter((line) => !line.filler)
      .map((line) => ({
        role: line.role === 'assistant' ? 'assistant' : 'user',
        content: line.role === 'seat' ? `[human agent] ${line.text}` : line.interrupted ? `${line.text} …` : line.text,
      }));
  }
}

/** The history as the call record stores it. */
export function conversationOf(history: History): ConversationLine[] {
  return history.lines.map((line) => ({
    speaker: line.role === 'assistant' ? 'ai' : line.role === 'seat' ? 'seat' : 'customer',
    text: line.text,
    atMs: Math.max(0, Math.round(line.atMs)),
    ...(line.interrupted ? { interrupted: true } : {}),
    ...(line.filler ? { filler: true } : {}),
  }));
}
