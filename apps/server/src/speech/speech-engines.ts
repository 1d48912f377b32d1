/**
 * The engine registry: which TTS, ASR and VAD a call gets, from its scenario (`dialogAsr`, `operatorAsr`,
 * `tts`: provider + URL) and its task's voice (voice id, cluster key).
 *
 * The offline engines (espeak-ng, pocketsphinx, Silero VAD) are the embedded default. A vendor engine is
 * used when `vendorEngines` has an adapter for the scenario's provider — THE one seam where the vendor
 * adapters plug in; any provider without one (or `offline`) runs on the offline engines. A vendor TTS is
 * always wrapped in FallbackTts (offline voice + apology if it fails mid-call), a vendor ASR in FallbackAsr
 * (the offline recogniser for the rest of the call).
 */
import type { ScenarioDocument } from '@dialwise/contracts';
import type { SeatTranscriber, SeatTranscriptEvents } from '../conversation/seat-transcript.ts';
import type { ConversationPlan } from '../conversation/plan.ts';
import type { CallHandle } from '../telephony/index.ts';
import type { AsrEngine, AsrSession, TtsEngine, TtsVoice } from './engines.ts';
import { EspeakTts } from './espeak-tts.ts';
import { FallbackAsr } from './fallback-asr.ts';
import { FallbackTts } from './fallback-tts.ts';
import { SpeechSeatTranscriber } from './seat-transcriber.ts';
import { SileroVadEngine, type VadTuning } from './silero-vad.ts';
import { SpeechCallVoice, type SpeechNotice } from './speech-call-voice.ts';
import { AsrUnavailable, SphinxAsr } from './sphinx-asr.ts';

/** Vendor adapters by scenario provider name; null: no adapter for that provider (the offline engine serves). */
export interface VendorEngines {
  tts(provider: string): TtsEngine | null;
  asr(provider: string): AsrEngine | null;
}

export interface SpeechEnginesOptions {
  /** Folder for the recogniser's telephone model and grammars (made once, reused across runs). */
  workDir: string;
  /** The vendor adapters a company's calls use (bound to its stored credentials); absent: offline only. */
  vendorEngines?: (companyId: string) => VendorEngines;
  /** Silence after the end of the callee's speech that ends their turn. Default 600 ms. */
  endpointingMs?: number;
  vad?: Partial<VadTuning>;
  /** espeak-ng's speaking rate for the offline voice. */
  wordsPerMinute?: number;
  /** The VAD's worker thread died (it is restarted; meanwhile calls hear no new speech start or end). */
  onVadError?: (error: Error) => void;
}

/** What a call's speech is chosen from. */
export interface CallSpeechPlan {
  language: string;
  dialogAsr: { provider: string; url: string | null };
  tts: { provider: string; url: string | null };
  /** The task's voice; null: the offline voice of the language. */
  voice: { voiceId: string; clusterKey: string | null } | null;
  /** What the callee is likely to say: the recogniser's grammar. */
  phrases: readonly string[];
  /** The company whose vendor credentials the call's engines use (absent: offline engines only). */
  companyId?: string;
}

/** What the seat's recogniser is chosen from: the scenario's operator ASR, the call's language and company. */
export interface SeatSpeechPlan {
  language: string;
  operatorAsr: { provider: string; url: string | null };
  phrases: readonly string[];
  companyId?: string;
}

/**
 * What agents say on a taken call, for the offline recogniser's grammar (it only knows the phrases it is
 * given; a vendor ASR transcribes anything). The callee's common replies are in every grammar already.
 */
export const OPERATOR_PHRASES = [
  'how can i help you',
  'thank you for calling',
  'let me check that for you',
  'one moment please',
  'i understand',
  'i will call you back',
  'is there anything else',
  'have a nice day',
] as const;

export const DEFAULT_ENDPOINTING_MS = 600;

export class SpeechEngines {
  readonly offlineTts: EspeakTts;
  readonly offlineAsr: SphinxAsr;

  private constructor(
    private readonly vad: SileroVadEngine,
    private readonly options: SpeechEnginesOptions,
  ) {
    this.offlineTts = new EspeakTts({ wordsPerMinute: options.wordsPerMinute });
    this.offlineAsr = new SphinxAsr({ workDir: options.workDir });
  }

  /** Loads the VAD model in its worker thread (once per process; ~2 s) and builds the recognition server (once per version). */
  static async create(options: SpeechEnginesOptions): Promise<SpeechEngines> {
    const engines = new SpeechEngines(await SileroVadEngine.load({ onError: options.onVadError }), options);
    await engines.offlineAsr.ready();
    return engines;
  }

  /** Ends the VAD's worker thread, the recognition and the synthesis servers (after the calls' voices are closed). */
  async close(): Promise<void> {
    await Promise.all([this.vad.close(), this.offlineAsr.close(), this.offlineTts.close()]);
  }

  /** Where the offline engines keep their files (grammars, models), for recognisers built on `offlineAsr.servers`. */
  get workDir(): string {
    return this.options.workDir;
  }

  get endpointingMs(): number {
    return this.options.endpointingMs ?? DEFAULT_ENDPOINTING_MS;
  }

  /** The TTS engine and voice of a call; `onFailure` hears of a vendor failing mid-call. */
  ttsFor(plan: CallSpeechPlan, onFailure: (detail: string) => void): { engine: TtsEngine; voice: TtsVoice } {
    const voice: TtsVoice = {
      provider: plan.tts.provider,
      url: plan.tts.url,
      voiceId: plan.voice?.voiceId ?? '',
      clusterKey: plan.voice?.clusterKey ?? null,
      language: plan.language,
    };
    const vendor = this.vendorsOf(plan)?.tts(plan.tts.provider) ?? null;
    return { engine: vendor ? new FallbackTts(vendor, this.offlineTts, onFailure) : this.offlineTts, voice };
  }

  /** The recogniser engine for a provider: its vendor adapter (with the company's credentials), else the offline one. */
  asrEngine(provider: string, companyId?: string): AsrEngine {
    const vendor = companyId ? this.options.vendorEngines?.(companyId).asr(provider) : null;
    return vendor ? new FallbackAsr(vendor, this.offlineAsr) : this.offlineAsr;
  }

  private vendorsOf(plan: CallSpeechPlan): VendorEngines | null {
    return plan.companyId ? (this.options.vendorEngines?.(plan.companyId) ?? null) : null;
  }

  /** Opens the callee's recogniser; null with the reason when there is none for the call's language. */
  openDialogAsr(plan: CallSpeechPlan): { session: AsrSession | null; unavailable?: string } {
    try {
      const session = this.asrEngine(plan.dialogAsr.provider, plan.companyId).open({
        provider: plan.dialogAsr.provider,
        url: plan.dialogAsr.url,
        language: plan.language,
        phrases: plan.phrases,
      });
      return { session };
    } catch (error) {
      if (error instanceof AsrUnavailable) return { session: null, unavailable: error.message };
      return { session: null, unavailable: `speech recogniser failed to start: ${String(error)}` };
    }
  }

  /**
   * The seat's transcriber after a transfer (the scenario's `operatorAsr`): its vendor adapter with the
   * company's credentials, else the offline recogniser on a grammar of what agents say (OPERATOR_PHRASES)
   * plus the scenario's phrases. No recogniser for the language: the failure is reported once, no lines.
   */
  openSeatTranscriber(plan: SeatSpeechPlan, events: SeatTranscriptEvents): SeatTranscriber {
    let asr: AsrSession | null = null;
    try {
      asr = this.asrEngine(plan.operatorAsr.provider, plan.companyId).open({
        provider: plan.operatorAsr.provider,
        url: plan.operatorAsr.url,
        language: plan.language,
        phrases: [...OPERATOR_PHRASES, ...plan.phrases],
      });
    } catch (error) {
      events.failure(error instanceof AsrUnavailable ? error.message : `operator recogniser failed to start: ${String(error)}`);
    }
    return new SpeechSeatTranscriber(this.vad.create(this.options.vad), asr, events, this.endpointingMs);
  }

  /** The speaking, listening voice of one answered SIP call. */
  createCallVoice(call: CallHandle, plan: CallSpeechPlan): SpeechCallVoice {
    let voice: SpeechCallVoice | null = null;
    // A vendor TTS fails only while speaking, when the voice exists: the failure is recorded on the call.
    const tts = this.ttsFor(plan, (detail) => voice?.emit('failure', { stage: 'tts', detail, atMs: voice.now() }));
    const asr = this.openDialogAsr(plan);
    const notices: SpeechNotice[] = asr.unavailable ? [{ stage: 'asr', detail: asr.unavailable }] : [];
    voice = new SpeechCallVoice({
      call,
      tts: tts.engine,
      voice: tts.voice,
      vad: this.vad.create(this.options.vad),
      asr: asr.session,
      notices,
      endpointingMs: this.endpointingMs,
    });
    return voice;
  }
}

/** A conversation plan's speech choices: the scenario's endpoints, the task's voice, the grammar's phrases. */
export function speechPlanOf(plan: ConversationPlan): CallSpeechPlan {
  const { scenario } = plan;
  return {
    language: plan.language,
    dialogAsr: scenario.dialogAsr,
    tts: scenario.tts,
    voice: plan.voice ? { voiceId: plan.voice.originalVoiceId, clusterKey: plan.voice.clusterKey || null } : null,
    phrases: scenarioPhrases(scenario),
  };
}

/** Router keywords, tool aliases and interruption keywords: what this scenario listens for. */
export function scenarioPhrases(scenario: ScenarioDocument): string[] {
  const phrases: string[] = [];
  for (const router of scenario.routers) {
    for (const condition of router.conditions) if (condition.type === 'content') phrases.push(...condition.keywords);
  }
  for (const tool of scenario.tools) phrases.push(tool.alias);
  if (scenario.interruption.mode === 'keywords') phrases.push(...scenario.interruption.keywords);
  return phrases;
}

/** The engines, loaded on first use; `close()` ends them if they were loaded. */
export type LazySpeechEngines = (() => Promise<SpeechEngines | null>) & { close(): Promise<void> };

/**
 * The engines, loaded on first use (the VAD model takes about two seconds to load, and a server that never
 * places a SIP call with a scenario never needs it). Resolves null — and logs once — when the offline
 * engines cannot load (the calls then keep their stand-in audio rather than failing).
 */
export function lazySpeechEngines(options: SpeechEnginesOptions, onError: (error: unknown) => void = () => undefined): LazySpeechEngines {
  let loading: Promise<SpeechEngines | null> | null = null;
  const get = () => {
    loading ??= SpeechEngines.create(options).catch((error: unknown) => {
      onError(error);
      return null;
    });
    return loading;
  };
  return Object.assign(get, {
    close: async () => {
      await (await loading)?.close();
    },
  });
}
