/**
 * A vendor TTS with the offline engine behind it. When the vendor fails (cannot connect, errors, drops
 * mid-sentence) the callee hears a short apology and the rest of the sentence in the offline voice, not
 * silence; the failure is reported once (the call voice records it on the call), and the rest of the call
 * stays on the offline engine (a vendor that just failed would likely fail the next sentence too, each
 * time after a connect timeout). A company with no credentials for the vendor hears no apology: the
 * offline voice simply speaks from the first sentence, and the call records why.
 */
import { speakingMs } from '../audio/pcm.ts';
import { heardPrefix } from '../conversation/text-call-voice.ts';
import type { TtsEngine, TtsRequest } from './engines.ts';
import { VendorError } from './vendors/shared/vendor-error.ts';

const APOLOGY = { zh: '抱歉，', en: 'Sorry,' } as const;

export class FallbackTts implements TtsEngine {
  private failed = false;

  constructor(
    private readonly vendor: TtsEngine,
    private readonly offline: TtsEngine,
    private readonly onFailure: (detail: string) => void,
  ) {}

  get usingFallback(): boolean {
    return this.failed;
  }

  async *synthesize(request: TtsRequest): AsyncIterable<Int16Array> {
    if (this.failed) {
      yield* this.offline.synthesize(this.offlineRequest(request, request.text));
      return;
    }
    let samples = 0;
    try {
      for await (const chunk of this.vendor.synthesize(request)) {
        samples += chunk.length;
        yield chunk;
      }
      return;
    } catch (error) {
      if (request.signal.aborted) return;
      this.failed = true;
      if (samples === 0 && error instanceof VendorError && error.failure === 'credentials') {
        // Nothing was said yet and nothing went wrong on the line: the company never stored this vendor's
        // credentials. The offline voice says the whole sentence, with no apology.
        this.onFailure(`${request.voice.provider}: no credentials stored for this company; the offline voice speaks (${error.message})`);
        yield* this.offline.synthesize(this.offlineRequest(request, request.text));
        return;
      }
      this.onFailure(
        `${request.voice.provider} TTS failed, offline voice for the rest of the call: ${String(error instanceof Error ? error.message : error)}`,
      );
    }
    // The part already played is not said again: estimate it from the audio produced so far.
    const spokenShare = samples / 8 / speakingMs(request.text);
    const rest = request.text.slice(heardPrefix(request.text, spokenShare).length).trim();
    const apology = request.voice.language.toLowerCase().startsWith('zh') ? APOLOGY.zh : APOLOGY.en;
    yield* this.offline.synthesize(this.offlineRequest(request, `${apology} ${rest}`.trim()));
  }

  private offlineRequest(request: TtsRequest, text: string): TtsRequest {
    // The vendor's voice id means nothing to espeak: pick the offline voice by language.
    return { ...request, text, voice: { ...request.voice, provider: 'offline', url: null, voiceId: '', credentials: undefined } };
  }
}
