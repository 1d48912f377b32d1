import { z } from 'zod';
import { DEMO_MODEL_PACING, demoModelRoutes } from './demo/demo-model-routes.ts';
import { callbacksPlugin } from './callbacks/callbacks-plugin.ts';
import type { CallbackPost } from './callbacks/deliver-callbacks.ts';
import { callbackRecordingRoutes, callbackSecretRoutes } from './callbacks/routes.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler } from 'fastify-type-provider-zod';
import { ErrorCode, TRACE_HEADER } from '@dialwise/contracts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { corePlugin, type Clock } from './core-plugin.ts';
import { AppError } from './http/app-error.ts';
import { serveConsole } from './http/console-files.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from './http/json-depth.ts';
import { guardedValidatorCompiler } from './http/validator-compiler.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { authenticatePlugin } from './auth/authenticate.ts';
import { authRoutes } from './auth/routes.ts';
import { accessRequestPublicRoutes, accessRequestRoutes } from './access-requests/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { companyRoutes } from './operation/companies/routes.ts';
import { voiceRoutes } from './operation/voices/routes.ts';
import { tagRoutes } from './operation/tags/routes.ts';
import { accountRoutes } from './accounts/routes.ts';
import { sipLineRoutes } from './sip-lines/routes.ts';
import { profileRoutes } from './profile/routes.ts';
import { dncRoutes } from './dnc/routes.ts';
import { llmRoutes } from './operation/llms/routes.ts';
import { processorRoutes } from './operation/processors/routes.ts';
import { scenarioRoutes } from './operation/scenarios/routes.ts';
import { scenarioBenchRoutes } from './operation/scenarios/bench/routes.ts';
import { TestCalls, testCallNode } from './webcall/test-calls.ts';
import { testCallRoutes } from './webcall/test-call-routes.ts';
import { recordingsDirOf } from './telephony/index.ts';
import { BenchSessions } from './operation/scenarios/bench/bench-sessions.ts';
import { speechCredentialRoutes } from './operation/speech-credentials/routes.ts';
import { dialerPlugin } from './dialer/dialer-plugin.ts';
import { seatPlugin } from './seat/seat-plugin.ts';
import { speechPlugin } from './speech/speech-plugin.ts';
import { webCallRoutes } from './webcall/routes.ts';
import { projectRoutes } from './projects/routes.ts';
import { taskRoutes } from './tasks/routes.ts';
import { subtaskRoutes } from './subtasks/routes.ts';
import { callRecordRoutes } from './call-records/routes.ts';
import { boardRoutes } from './boards/routes.ts';
import { seatRoutes } from './seat/seat-routes.ts';

/** A hop count becomes the trust function Fastify's types accept (its runtime takes the number too). */
function proxyTrust(setting: Config['trustProxy']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}
import { messageRoutes } from './messages/routes.ts';
import { siteRoutes, templateRoutes } from './templates/routes.ts';
import { analysisRoutes } from './templates/analysis-routes.ts';

export interface AppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** How callbacks are posted (tests pass one that reaches their loopback receiver); default: fetch. */
  callbackPost?: CallbackPost;
}

/**
 * Wiring, in an order that matters: parsers and compilers first (every route depends on them), then
 * external plugins, then our core decorations and auth, then the areas' routes, then the console.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: options.config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    genReqId: () => randomBytes(8).toString('hex'),
    // Every log line of a request carries the same trace id the envelope and the x-trace-id header carry.
    logController: new LogController({ requestIdLogLabel: 'traceId' }),
    trustProxy: proxyTrust(options.config.trustProxy),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty body on a JSON POST means "no body" (logout, getSelfInfo): the console may send none.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    // Refused before parsing: nothing after the parser (the unsafe-text walk, zod) meets unbounded depth.
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(new AppError(ErrorCode.VALIDATION, 'v.tooDeep', { max: MAX_JSON_DEPTH }), undefined);
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('Malformed JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }), undefined);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(TRACE_HEADER, request.id);
  });
  registerSecurityHeaders(app);

  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Dialwise API',
        version: '0.1.0',
        description: [
          "Every answer is the envelope {code, message, data, traceId}: code 200 is success. Codes: 400 a field or the body is invalid (the message names it), 401 no credentials (HTTP 401), 403 the role or the API key scope does not allow it, 404 unknown or another company's, 409 a state or uniqueness rule refused it (or an Idempotency-Key reused with another body), 429 too many requests (an API key past its limit: HTTP 429 with Retry-After), 50008 unknown or revoked token or key, 50012 ended by an administrator, 50014 expired; the full list is in docs/api.md.",
          "Authenticate with `Authorization: Bearer <key>` (an API key, `dwk_…`, made under System management → API keys) or a session token from /api/user/login. Operations a key may call carry `x-api-key-scope` (read < campaigns < full); the others are for the console's session only.",
          'Writes that take an `Idempotency-Key` header (the push of numbers) answer a retry with the same key and body with the first answer and change nothing; the same key with another body answers 409. Keys are kept a day.',
          'Paging: lists take page and pageSize; the call-record sync takes a cursor and answers nextCursor (pass it back, also when hasMore is false).',
        ].join('\n\n'),
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'An API key (dwk_…) or a session token from /api/user/login' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Puts schemas registered with an id (the recursive AppRoute) under components.schemas, where the routes' $refs point.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(corePlugin, { db: options.db, clock: options.clock ?? { now: () => new Date() }, config: options.config });
  await app.register(authenticatePlugin);
  registerErrorHandling(app, { spaIndex: existsSync(join(options.config.webDist, 'index.html')) });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // For load balancers and probes: no envelope, no authentication; says which database the server runs on.
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: answers {status: "ok", database} while the server is up (no authentication, no envelope)',
        security: [],
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => ({ status: 'ok' as const, database: options.db.kind }),
  );

  await app.register(authRoutes);
  await app.register(accessRequestPublicRoutes);
  await app.register(accessRequestRoutes);
  await app.register(auditRoutes);
  await app.register(apiKeyRoutes);
  await app.register(companyRoutes);
  await app.register(voiceRoutes);
  await app.register(tagRoutes);
  await app.register(accountRoutes);
  await app.register(sipLineRoutes);
  await app.register(profileRoutes);
  await app.register(dncRoutes);
  await app.register(llmRoutes);
  await app.register(processorRoutes);
  await app.register(scenarioRoutes);
  // The test bench's conversations live in this process; decorated so tests can follow one without HTTP.
  // Before the bench and the dialer, which use it: its engines close after their calls (onClose runs last-registered first).
  await app.register(speechPlugin);
  await app.register(webCallRoutes);
  const bench = new BenchSessions(app.secrets, {
    db: app.db.db,
    sessionEnds: app.sessionEnds,
    now: () => app.clock.now(),
    speech: app.speech,
    ice: { servers: options.config.iceServers, addresses: options.config.seat.iceAddresses },
  });
  app.decorate('scenarioBench', bench);
  app.addHook('preClose', async () => bench.endAllStreams());
  app.addHook('onClose', async () => bench.close());
  await app.register(scenarioBenchRoutes, { sessions: bench });
  await app.register(speechCredentialRoutes);
  if (options.config.seedDemo) {
    // The demo company's processors call this server's own model, an unauthenticated route: served only where
    // the demo runs. It thinks and speaks at the simulated callees' pace (SIMULATED_TIME_SCALE, test-only).
    const pace = options.config.simulatedTimeScale;
    await app.register(demoModelRoutes, {
      prefix: '/api/demo-llm',
      pacing: { firstTokenMs: DEMO_MODEL_PACING.firstTokenMs * pace, tokenMs: DEMO_MODEL_PACING.tokenMs * pace },
    });
  }
  await app.register(seatPlugin);
  await app.register(callbackRecordingRoutes);
  await app.register(callbackSecretRoutes);
  if (options.config.dialer) {
    await app.register(callbacksPlugin, { post: options.callbackPost });
    await app.register(dialerPlugin);
  }
  // A task's test calls from the browser: after the seats, the callbacks and the dialer (whose node name their
  // records carry), so they hang up before those close; counted with the bench's conversations.
  const testCalls = new TestCalls({
    db: app.db.db,
    secrets: app.secrets,
    now: () => app.clock.now(),
    log: app.log.child({ component: 'test-calls' }),
    seats: app.seats,
    speech: app.speech,
    callbacks: app.hasDecorator('callbacks') ? app.callbacks.enqueue : null,
    ice: { servers: options.config.iceServers, addresses: options.config.seat.iceAddresses },
    recordingsDir: recordingsDirOf(options.config.dataDir),
    node: app.hasDecorator('dialer') ? app.dialer.node : testCallNode(),
    bench,
  });
  bench.testCalls = testCalls;
  app.decorate('testCalls', testCalls);
  app.addHook('onClose', async () => testCalls.close());
  await app.register(testCallRoutes, { testCalls });
  await app.register(projectRoutes);
  await app.register(taskRoutes);
  await app.register(subtaskRoutes);
  await app.register(callRecordRoutes);
  await app.register(boardRoutes);
  await app.register(seatRoutes);
  await app.register(messageRoutes);
  await app.register(templateRoutes);
  await app.register(siteRoutes);
  await app.register(analysisRoutes, { seatStates: app.seatStates });

  if (existsSync(join(options.config.webDist, 'index.html'))) await serveConsole(app, options.config.webDist);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    scenarioBench: BenchSessions;
    testCalls: TestCalls;
  }
}
