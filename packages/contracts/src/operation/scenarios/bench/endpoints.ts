import { z } from 'zod';
import { defineEndpoints } from '../../../common/endpoint.ts';
import { idSchema } from '../../../common/fields.ts';
import {
  benchSaySchema,
  benchSessionRefSchema,
  benchStartSchema,
  benchStartedSchema,
  benchVoiceStartSchema,
  benchVoiceStartedSchema,
} from './schemas.ts';

/** /api/operation/scenarios/bench — the scenario test bench (DEV): start a conversation with a scenario's current version, say the callee's lines, hang up, and follow its events as Server-Sent Events. */
export const scenarioBenchEndpoints = defineEndpoints(
  { tag: 'operation/scenarios', roles: ['DEV'] },
  {
    start: {
      path: '/api/operation/scenarios/bench/start',
      summary: "Starts a test conversation with the scenario's current version",
      body: benchStartSchema,
      response: benchStartedSchema,
    },
    voice: {
      path: '/api/operation/scenarios/bench/voice',
      summary:
        "Starts a voice test conversation: the browser's WebRTC offer (PCMU, candidates included) in, the server's answer out; the microphone is the callee",
      body: benchVoiceStartSchema,
      response: benchVoiceStartedSchema,
    },
    say: {
      path: '/api/operation/scenarios/bench/say',
      summary: 'The callee says a line in a test conversation',
      body: benchSaySchema,
      response: z.boolean(),
    },
    hangup: {
      path: '/api/operation/scenarios/bench/hangup',
      summary: 'Ends a test conversation',
      body: benchSessionRefSchema,
      response: z.boolean(),
    },
    events: {
      method: 'GET',
      path: '/api/operation/scenarios/bench/:sessionId/events',
      summary: 'The test conversation as Server-Sent Events (`data: <BenchEvent JSON>`), past events first; ends after `ended`',
      params: z.object({ sessionId: idSchema }),
    },
  },
);
