import { noBody, defineEndpoints } from '../common/endpoint.ts';
import { z } from 'zod';
import {
  testCallEventsQuerySchema,
  testCallEventsSchema,
  testCallRefSchema,
  testCallStartSchema,
  testCallStartedSchema,
  webCallConfigSchema,
} from './schemas.ts';

/** /api/webcall — what a browser needs for a voice test call (the ICE servers both sides use). */
export const webCallEndpoints = defineEndpoints(
  { tag: 'webcall', roles: ['DEV', 'ADMIN'] },
  {
    config: {
      path: '/api/webcall/config',
      summary: 'The STUN/TURN servers (ICE_SERVERS) the browser uses for a voice test call; empty on localhost',
      body: noBody,
      response: webCallConfigSchema,
    },
  },
);

/**
 * A task's test call from the browser ("Call me in the browser"): ADMIN and DEV of the task's company, as the
 * tasks themselves. Recorded as a call record marked test; a transfer reaches the company's signed-in seats.
 */
export const testCallEndpoints = defineEndpoints(
  { tag: 'tasks', roles: ['ADMIN', 'DEV'] },
  {
    start: {
      path: '/api/tasks/test-call',
      summary:
        "Opens a test call of a task in the browser: the browser's WebRTC offer (PCMU, candidates included) in, the server's answer and the call record's id out",
      body: testCallStartSchema,
      response: testCallStartedSchema,
    },
    hangup: {
      path: '/api/tasks/test-call/hangup',
      summary: 'Hangs up one of your test calls',
      body: testCallRefSchema,
      response: z.boolean(),
    },
    events: {
      path: '/api/tasks/test-call/events',
      summary: 'What was said on one of your test calls so far (partials included), after the events the page has',
      body: testCallEventsQuerySchema,
      response: testCallEventsSchema,
    },
  },
);
