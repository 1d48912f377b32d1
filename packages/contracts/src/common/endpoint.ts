import { z } from 'zod';
import type { ApiKeyScope } from './api-key-scopes.ts';
import type { Role } from './roles.ts';

/**
 * Who may call an endpoint: `'public'` (no session; documented with `security: []`), `'signedIn'` (any live
 * session) or the roles admitted. The server checks it in `onRequest`, before the body is read.
 */
export type EndpointRoles = 'public' | 'signedIn' | readonly Role[];

export type EndpointMethod = 'GET' | 'POST';

/** What an area writes for each of its endpoints; its group fills in the method, tag and roles left out. */
export interface EndpointSpec {
  /** Default POST: the console's calls are POSTs with a JSON body; GETs are what the browser loads itself or the console template's own calls. */
  method?: EndpointMethod;
  /** Absolute, as a client requests it (`/api/accounts/list`); `:name` marks a path parameter. */
  path: string;
  /** One line for the OpenAPI document: what it does, and its unusual answers. */
  summary: string;
  roles?: EndpointRoles;
  /**
   * The least API key scope that may call it (`read` < `campaigns` < `full`); a key still needs the endpoint's
   * roles. Absent: console-only, a key is refused (accounts, passwords, the keys themselves, the operation area).
   */
  keyScope?: ApiKeyScope;
  tag?: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Request headers the endpoint reads (an `Idempotency-Key`), validated and documented like the body. */
  headers?: z.ZodType;
  /** The success payload, sent inside the envelope. Absent: the answer is not JSON (a file, a stream). */
  response?: z.ZodType;
}

/** One HTTP endpoint, described once: the server registers it from this, the console calls through it. */
export interface Endpoint extends EndpointSpec {
  method: EndpointMethod;
  tag: string;
  roles: EndpointRoles;
}

/** An endpoint with its spec's own schema types kept, so both sides are typed by them. */
export type DefinedEndpoint<S extends EndpointSpec> = Omit<S, 'method' | 'tag' | 'roles' | 'keyScope'> & {
  method: S['method'] extends EndpointMethod ? S['method'] : 'POST';
  tag: string;
  roles: EndpointRoles;
  keyScope?: ApiKeyScope;
};

/** What an area's endpoints share unless one says otherwise: the OpenAPI tag, the roles and the API key scope. */
export interface EndpointDefaults {
  tag: string;
  roles: EndpointRoles;
  /** For an area whose every endpoint an API key of this scope may call; absent, each endpoint says its own. */
  keyScope?: ApiKeyScope;
}

/** The body of endpoints that take none: absent, or an empty JSON object. */
export const noBody = z.object({}).loose().nullish();

/**
 * An area's endpoints: `defaults` gives what its endpoints share (tag, roles, API key scope); an endpoint may
 * name other roles, another tag or another scope itself.
 */
export function defineEndpoints<const T extends Record<string, EndpointSpec>>(
  defaults: EndpointDefaults,
  specs: T,
): { [K in keyof T]: DefinedEndpoint<T[K]> } {
  const out: Record<string, Endpoint> = {};
  for (const [key, spec] of Object.entries(specs)) {
    const keyScope = spec.keyScope ?? defaults.keyScope;
    out[key] = {
      ...spec,
      method: spec.method ?? 'POST',
      tag: spec.tag ?? defaults.tag,
      roles: spec.roles ?? defaults.roles,
      ...(keyScope ? { keyScope } : {}),
    };
  }
  return out as { [K in keyof T]: DefinedEndpoint<T[K]> };
}

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a client sends: the body of a POST, the query of a GET. */
export type EndpointInput<E extends Endpoint> = E['method'] extends 'GET' ? SchemaInput<E['query']> : SchemaInput<E['body']>;

/** The success payload a client receives (inside the envelope). */
export type EndpointData<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : never;

/** A path with its `:name` parameters filled in (each encoded). */
export function endpointPath(endpoint: Pick<Endpoint, 'path'>, params: Record<string, string> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`endpointPath: ${endpoint.path} needs :${name}`);
    return encodeURIComponent(value);
  });
}
