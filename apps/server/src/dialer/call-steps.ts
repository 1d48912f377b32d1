import { ConverseStep, type ConverseOptions } from '../conversation/converse-step.ts';
import { openingLines } from '../conversation/opening.ts';
import { loadConversationPlan } from '../conversation/load-plan.ts';
import { PlanCache } from '../conversation/plan-cache.ts';
import type { ConversationPlan } from '../conversation/plan.ts';
import { TextCallVoice } from '../conversation/text-call-voice.ts';
import type { SeatDispatcher } from '../conversation/seat-dispatcher.ts';
import { type SpeechEngines, scenarioPhrases, speechPlanOf } from '../speech/speech-engines.ts';
import { offlineVoice, wholeClip } from '../speech/whole-clip.ts';
import { deferredWords, greetingWords } from '../amd/amd-words.ts';
import { CallScreen } from '../amd/screen-call.ts';
import type { Db } from '../db/client.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { type CallHandle, type CallStep, PlayPrologueStep, type Prologue, TalkStep, type TelephonyLogger } from '../telephony/index.ts';
import type { Claim } from './claim-calls.ts';
import type { DiallingTask } from './dialling-tasks.ts';
import { ReportingVoice, type VoiceReport } from '../conversation/reporting-voice.ts';

/**
 * Whom a call's steps are for: a dialled claim, or a test call from the browser (no subtask when its
 * prologue and business info were typed).
 */
export type CallSubject = Pick<Claim, 'callId' | 'taskId' | 'projectId' | 'companyId' | 'prologueInfo' | 'businessInfo'> & {
  subtaskId: number | null;
};

export interface CallStepsDeps {
  db: Db;
  secrets: SecretBox;
  /** The operator seats a transfer asks (null: transfers say their failure text). */
  seats: SeatDispatcher | null;
  /** The speech engines of SIP calls (loaded on first use); absent or null: SIP calls use stand-in audio. */
  speech: (() => Promise<SpeechEngines | null>) | undefined;
  /** A task without a conversation plan: after the prologue, stay on the line this long at most. */
  talkMs: number;
  /** The simulated trunk's time scale: the conversation's own waits (pauses, silence) shrink with it. */
  simulatedTimeScale: number;
}

/**
 * What a browser's test call adds to its steps: the plan it runs (a task that never started has pinned no version
 * yet, so the test call runs the scenario's current one), and a live view told what is said.
 */
export interface TestCallExtras {
  plan: ConversationPlan;
  report: VoiceReport;
}

/** One call's steps, in the order its session runs them, with the two the call reads back after it. */
export interface AssembledSteps {
  steps: CallStep[];
  /** Answering-machine detection (null: the task does not ask for it). */
  screen: CallScreen | null;
  /** The conversation (null: the task has no scenario; the call plays its prologues and holds the line). */
  converse: ConverseStep | null;
}

/**
 * What runs on a call once it is dialled: first the answering-machine screen when the task asks for it,
 * then the conversation runtime when the task pinned a scenario version, otherwise the task's prologues and
 * a silent hold. Keeps the tasks' conversation plans (read once per task and version).
 */
export class CallSteps {
  private readonly plans: PlanCache;

  constructor(private readonly deps: CallStepsDeps) {
    this.plans = new PlanCache((taskId) => loadConversationPlan(deps.db, deps.secrets, taskId));
  }

  async assemble(
    call: CallHandle,
    claim: CallSubject,
    task: Pick<DiallingTask, 'advanced'>,
    kind: 'sip' | 'simulated',
    log: TelephonyLogger,
    onTransferred: (operatorId: string) => void,
    test?: TestCallExtras,
  ): Promise<AssembledSteps> {
    const screen = this.screenCall(call, task, kind, log);
    const converse = await this.converseStep(claim, kind, onTransferred, test);
    const steps: CallStep[] = converse
      ? [converse]
      : [
          new PlayPrologueStep({
            prologues: await this.spokenPrologues(claim, task, kind),
            pauseMs: (task.advanced.pauseSeconds ?? 1) * 1000,
          }),
          new TalkStep({ talkMs: this.deps.talkMs }),
        ];
    return { steps: screen ? [screen.step(), ...steps] : steps, screen, converse };
  }

  /**
   * The conversation of a call whose task pinned a scenario version: the runtime over the simulated
   * trunk's text channel, or on SIP over speech (VAD + ASR + TTS on the call's audio; stand-in audio only
   * if the speech engines could not load).
   */
  private async converseStep(
    claim: CallSubject,
    kind: 'sip' | 'simulated',
    onTransferred: (operatorId: string) => void,
    test?: TestCallExtras,
  ): Promise<ConverseStep | null> {
    const plan = test?.plan ?? (await this.plans.get(claim.taskId));
    if (!plan) return null;
    const scale = kind === 'simulated' ? this.deps.simulatedTimeScale : 1;
    const speech = kind === 'sip' ? await this.deps.speech?.() : null;
    return new ConverseStep({
      plan,
      call: { prologueInfo: claim.prologueInfo, businessInfo: claim.businessInfo },
      createVoice: (session) => {
        if (!speech)
          return new TextCallVoice(session.call, scale, kind === 'simulated' && scale === 1 ? this.recordedVoice(plan.language) : null);
        const voice = speech.createCallVoice(session.call, { ...speechPlanOf(plan), companyId: claim.companyId });
        return test ? new ReportingVoice(voice, test.report) : voice;
      },
      seats: this.deps.seats,
      transfer: {
        callId: claim.callId,
        companyId: claim.companyId,
        projectId: claim.projectId,
        taskId: claim.taskId,
        subtaskId: claim.subtaskId === null ? '' : String(claim.subtaskId),
      },
      timeScale: scale,
      onTransferred,
      transcribeSeat: this.seatTranscription(plan, claim.companyId),
    });
  }

  /**
   * The seat's transcriber when the scenario has an operator ASR: on SIP and simulated calls alike (the
   * seat's audio is real either way), from the speech engines (loaded on first use).
   */
  private seatTranscription(plan: ConversationPlan, companyId: string): ConverseOptions['transcribeSeat'] {
    const operatorAsr = plan.scenario.operatorAsr;
    if (!operatorAsr) return undefined;
    return async (events) => {
      const engines = await this.deps.speech?.();
      if (!engines) throw new Error('the speech engines are unavailable: the seat is not transcribed');
      return engines.openSeatTranscriber(
        { language: plan.language, operatorAsr, phrases: scenarioPhrases(plan.scenario), companyId },
        events,
      );
    };
  }

  /** Our lines as offline speech for a simulated call's recording (null: the engines are unavailable: stand-in audio). */
  private recordedVoice(language: string): (text: string) => Promise<Int16Array | null> {
    return async (text) => {
      const engines = await this.deps.speech?.();
      return engines ? wholeClip(engines.offlineTts, text, offlineVoice(language)) : null;
    };
  }

  /**
   * Answering-machine detection when the task asks for it: attached before the answer (it hears early
   * media). Its message is spoken by the offline voice on SIP; on the simulated trunk it is said as text.
   */
  private screenCall(
    call: CallHandle,
    task: Pick<DiallingTask, 'advanced'>,
    kind: 'sip' | 'simulated',
    log: TelephonyLogger,
  ): CallScreen | null {
    const settings = task.advanced.amd;
    if (!settings?.enabled) return null;
    return new CallScreen(call, {
      settings,
      logger: log,
      // On SIP the offline recogniser listens to the greeting; the simulated trunk's voices are not words.
      words:
        kind === 'sip'
          ? deferredWords(this.deps.speech?.().then((speech) => (speech ? greetingWords(speech) : null)) ?? Promise.resolve(null))
          : null,
      speak: async (text, signal) => {
        const speech = kind === 'sip' ? await this.deps.speech?.() : null;
        if (!speech) return undefined;
        const language = /[\u4e00-\u9fff]/.test(text) ? 'zh-CN' : 'en-US';
        return wholeClip(speech.offlineTts, text, offlineVoice(language), signal);
      },
    });
  }

  /** A plan-less call's prologues, spoken by the offline voice on SIP (stand-in audio when speech is unavailable). */
  private async spokenPrologues(claim: CallSubject, task: Pick<DiallingTask, 'advanced'>, kind: 'sip' | 'simulated'): Promise<Prologue[]> {
    const texts = prologuesOf(claim, task);
    const speech = kind === 'sip' ? await this.deps.speech?.() : null;
    if (!speech) return texts.map((text) => ({ text }));
    const language = texts.some((text) => /[\u4e00-\u9fff]/.test(text)) ? 'zh-CN' : 'en-US';
    return Promise.all(
      texts.map(async (text) => ({
        text,
        audio: await wholeClip(speech.offlineTts, text, offlineVoice(language)).catch(() => undefined),
      })),
    );
  }
}

/** What the callee hears first: the task's prologues with the subtask's prologue info woven in (opening.ts). */
function prologuesOf(claim: Pick<Claim, 'prologueInfo' | 'businessInfo'>, task: Pick<DiallingTask, 'advanced'>): string[] {
  return openingLines({ task: task.advanced.prologues ?? [], scenario: [] }, claim).map((line) => line.text);
}
