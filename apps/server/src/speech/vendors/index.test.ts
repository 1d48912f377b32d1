import { describe, expect, it } from 'vitest';
import { SPEECH_PROVIDERS } from '@dialwise/contracts';
import { testDeps } from '../../../test/speech-vendors/harness.ts';
import { createVendorEngines } from './index.ts';
import { PROVIDERS } from './providers.ts';

describe('createVendorEngines', () => {
  it('has a TTS engine for every provider of the scenario schema, and an ASR for each that streams (not MiniMax)', () => {
    const engines = createVendorEngines(testDeps({}).deps);
    expect(Object.keys(PROVIDERS).sort()).toEqual([...SPEECH_PROVIDERS].sort());
    for (const provider of SPEECH_PROVIDERS) {
      expect(engines.tts(provider), provider).not.toBeNull();
      if (provider === 'minimax') expect(engines.asr(provider)).toBeNull();
      else expect(engines.asr(provider), provider).not.toBeNull();
    }
    expect(engines.tts('offline')).toBeNull();
    expect(engines.asr('nope')).toBeNull();
  });

  it('names the China cloud for azure_china and the public cloud elsewhere', () => {
    expect(PROVIDERS.azure_china!.asrUrl).toBe('wss://chinaeast2.stt.speech.azure.cn/speech/recognition/conversation/cognitiveservices/v1');
    expect(PROVIDERS.azure_en_sg!.ttsUrl).toBe('https://southeastasia.tts.speech.microsoft.com/cognitiveservices/v1');
    expect(PROVIDERS.azure_malaysia!.language).toBe('ms-MY');
  });
});
