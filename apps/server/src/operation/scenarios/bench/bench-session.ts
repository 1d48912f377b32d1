import { randomUUID } from 'node:crypto';
import type { BenchEvent, BenchPersona } from '@dialwise/contracts';
import { ConverseStep } from '../../../conversation/converse-step.ts';
import type { ConversationPlan } from '../../../conversation/plan.ts';
import { TextCallVoice } from '../../../conversation/text-call-voice.ts';
import { type SpeechEngines, speechPlanOf } from '../../../speech/speech-engines.ts';
import { BenchCall, type BrowserCall, CalleeScript, type CallResult, CallSession, seededRandom } from '../../../telephony/index.ts';
import { ReportingVoice, type VoiceReport } from '../../../conversation/reporting-voice.ts';
import { speakingMs } from '../../../audio/pcm.ts';

type Listener = (event: BenchEvent) => void;
type BenchEndReason = Extract<BenchEvent, { type: 'ended' }>['reason'];

/** Why the bench's call ended, as the drawer says it. */
function endReasonOf(result: CallResult): BenchEndReason {
  if (result.outcome === 'failed') return 'media-failed';
  if (result.endReason === 'max-duration') return 'timeout';
  return result.hungUpBy === 'callee' ? 'callee' : 'hangup';
}

/**
 * What the callee's end of a bench conversation is: typed lines (or a scripted persona) on a call with no
 * telephone, or the DEV's own voice from the browser over a WebRTC leg, heard and answered by the speech
 * engines exactly as on a SIP call.
 */
export type BenchLeg =
  | { kind: 'text'; persona: BenchPersona }
  | { kind: 'voice'; call: BrowserCall; engines: SpeechEngines; companyId: string };

/** A scripted callee thinks this long after our last line before answering (as the simulated trunk's do). */
const THINKING_MS = 400;

/**
 * One test-bench conversation: the scenario's plan run by the same ConverseStep as calls, over a
 * BenchCall (no telephone). Its events — what each side said, each router decision, the referee, the
 * streams' tokens, tools, each turn's timings and failures — are kept in order (a late subscriber gets
 * them all first) and pushed to subscribers as they happen. With a scripted persona the callee answers
 * each of our replies by itself, as the simulated trunk's callees do; with `manual` only typed lines.
 */
export class BenchSession {
  readonly id = randomUUID();
  readonly events: BenchEvent[] = [];
  private readonly listeners = new Set<Listener>();
  private readonly call: BenchCall | BrowserCall;
  private readonly script: CalleeScript | null;
  /** Our lines so far, and how many of them the scripted persona has answered. */
  private readonly ourLines: string[] = [];
  private answeredUpTo = 0;
  private replyTimer: NodeJS.Timeout | null = null;
  private readonly startedAt = Date.now();
  lastActivity = Date.now();
  ended = false;

  constructor(
    readonly ownerId: string,
    private readonly plan: ConversationPlan,
    readonly version: number,
    readonly leg: BenchLeg,
    context: { prologueInfo: string; businessInfo: Record<string, string> },
  ) {
    this.script =
      leg.kind === 'voice' || leg.persona === 'manual' ? null : new CalleeScript(seededRandom(Date.now() & 0xffff), leg.persona);
    const call = leg.kind === 'voice' ? leg.call : new BenchCall();
    this.call = call;
    call.on('utterance', ({ utterance }) => {
      this.push({ type: 'said', atMs: this.now(), speaker: utterance.speaker, text: utterance.text });
      if (utterance.speaker === 'ai') this.scriptedReply(utterance.text);
    });
    const report: VoiceReport = {
      partial: (text: string) => this.push({ type: 'partial', atMs: this.now(), text }),
      said: (speaker, text, filler) => this.push({ type: 'said', atMs: this.now(), speaker, text, ...(filler ? { filler } : {}) }),
    };
    const step = new ConverseStep({
      plan,
      call: context,
      createVoice: (session) =>
        leg.kind === 'voice'
          ? new ReportingVoice(leg.engines.createCallVoice(session.call, { ...speechPlanOf(plan), companyId: leg.companyId }), report)
          : new TextCallVoice(session.call, 1),
      // No seats behind a bench: a transfer says its failure text, as with no seat free.
      seats: null,
      transfer: { callId: this.id, companyId: '', projectId: '', taskId: '', subtaskId: '' },
      observer: {
        routed: (e) => this.push({ type: 'routed', atMs: this.now(), ...e }),
        refereed: (e) => this.push({ type: 'referee', atMs: this.now(), ...e }),
        token: (e) => this.push({ type: 'token', atMs: this.now(), ...e }),
        tool: (e) => this.push({ type: 'tool', atMs: this.now(), ...e }),
        turnEnded: (e) => this.push({ type: 'turn', atMs: this.now(), timing: { ...e.timing }, failures: e.failures }),
      },
    });
    if (call instanceof BenchCall) call.start();
    this.push({ type: 'started', atMs: 0, language: plan.language, version });
    void new CallSession(this.call, [step]).run().then(({ result }) => this.end(endReasonOf(result)));
  }

  get language(): string {
    return this.plan.language;
  }

  /** The callee (the DEV typing) says a line; false on a voice conversation, where the microphone is the callee. */
  say(text: string): boolean {
    if (!(this.call instanceof BenchCall)) return false;
    this.lastActivity = Date.now();
    this.call.calleeSays(text);
    return true;
  }

  /** Ends the conversation from the bench (the DEV hangs up, the session idles out, the server closes). */
  async hangUp(reason: 'hangup' | 'idle' | 'closed' = 'hangup'): Promise<void> {
    this.end(reason);
    await this.call.hangup();
  }

  subscribe(listener: Listener): () => void {
    for (const event of this.events) listener(event);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private scriptedReply(ourLine: string): void {
    if (!this.script || this.ended) return;
    if (this.replyTimer) clearTimeout(this.replyTimer);
    this.ourLines.push(ourLine);
    // Like a simulated callee: lets us finish (a reply may be several lines), thinks, then answers what was said.
    this.replyTimer = setTimeout(() => {
      this.replyTimer = null;
      const reply = this.script!.reply(this.ourLines.slice(this.answeredUpTo).join(' '), this.ourLines.join(' '));
      this.answeredUpTo = this.ourLines.length;
      if (!(this.call instanceof BenchCall)) return;
      const call = this.call;
      call.calleeSays(reply.text);
      if (reply.hangUp) setTimeout(() => void call.calleeHangsUp(), speakingMs(reply.text));
    }, speakingMs(ourLine) + THINKING_MS);
  }

  private end(reason: BenchEndReason): void {
    if (this.ended) return;
    this.ended = true;
    if (this.replyTimer) clearTimeout(this.replyTimer);
    this.push({ type: 'ended', atMs: this.now(), reason });
    this.listeners.clear();
  }

  private push(event: BenchEvent): void {
    if (this.ended && event.type !== 'ended') return;
    this.lastActivity = Date.now();
    this.events.push(event);
    for (const listener of this.listeners) listener(event);
  }

  private now(): number {
    return Date.now() - this.startedAt;
  }
}
