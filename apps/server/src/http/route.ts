import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, Envelope } from '@dialwise/contracts';
import { answers } from './envelope.ts';

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** A request to `E`, its body, query and path parameters typed by the endpoint's schemas (already validated). */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Body: Parsed<E['body']>;
  Querystring: Parsed<E['query']>;
  Params: Parsed<E['params']>;
}>;

/** The envelope around the response schema's payload; an endpoint without one answers on the reply itself. */
type Answer<E extends Endpoint> = E['response'] extends z.ZodType ? Envelope<z.output<E['response']>> : unknown;

export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<Answer<E>>;

/**
 * What an endpoint's description leaves to the server: rate limits, a larger body limit, and `uncheckedAnswer`
 * for a large answer built only by our own typed code from our own rows (the sync's page of 1,000 records):
 * it is written with `JSON.stringify` without the response schema's pass over every value, which costs more
 * than the rest of the request. The schema still documents it, and a test checks a real answer against it.
 */
type RouteExtras = Pick<RouteShorthandOptions, 'config' | 'bodyLimit'> & { uncheckedAnswer?: true };

const stringify = () => (data: unknown) => JSON.stringify(data);

/**
 * Registers an endpoint of the contracts' table at its absolute path (so call it from a plugin registered
 * without a prefix): its schemas validate the request and serialize the answer in the envelope, its roles
 * are checked in `onRequest` (before the body is read), and a public one is documented with `security: []`.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, extras: RouteExtras = {}): void {
  const { roles } = endpoint;
  const { uncheckedAnswer, ...options } = extras;
  const open = roles === 'public';
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(open ? { security: [] } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      // Integrators read which key scope opens an operation; absent means the console's session only.
      ...(endpoint.keyScope ? { 'x-api-key-scope': endpoint.keyScope } : {}),
      ...(endpoint.response ? { response: answers(endpoint.response) } : {}),
    },
    ...(roles === 'public' ? {} : { onRequest: app.authenticate(roles === 'signedIn' ? undefined : roles, endpoint.keyScope) }),
    ...(uncheckedAnswer ? { serializerCompiler: stringify } : {}),
    ...options,
    handler: handler as RouteHandlerMethod,
  });
}
