import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { SpeechEngines } from '../src/speech/speech-engines.ts';
import { makeSpeechClips, type SpeechClips } from './speech-clips.ts';

/** A seat agent's voice on the real offline engines: what `useAgentSpeech` makes once for a test file. */
export interface AgentSpeech {
  /** The file's scratch folder (removed after all its tests). */
  dir: string;
  /** The agent saying "How can I help you?". */
  agent: SpeechClips;
  /** The offline engines (Silero VAD + pocketsphinx), endpointing after 400 ms of silence. */
  engines: SpeechEngines;
}

/** Makes the agent's clips and the offline engines before the file's tests (the fields are set by then). */
export function useAgentSpeech(prefix: string): AgentSpeech {
  const speech = { dir: mkdtempSync(join(tmpdir(), prefix)) } as AgentSpeech;
  afterAll(() => rmSync(speech.dir, { recursive: true, force: true }));
  beforeAll(async () => {
    mkdirSync(join(speech.dir, 'clips'));
    speech.agent = makeSpeechClips(join(speech.dir, 'clips'), 'How can I help you?');
    speech.engines = await SpeechEngines.create({ workDir: join(speech.dir, 'speech'), endpointingMs: 400 });
  });
  return speech;
}
