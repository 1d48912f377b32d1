import { noBody, defineEndpoints } from '../common/endpoint.ts';
import { webCallConfigSchema } from './schemas.ts';

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
