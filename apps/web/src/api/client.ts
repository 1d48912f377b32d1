import { APP_DEFAULTS, LOCALE_HEADER, type Endpoint, type EndpointData, type EndpointInput, type Envelope } from '@dialwise/contracts';
import { classifyResponse, type ResponseAction } from './classify.ts';
import { clearToken, getToken } from './token.ts';

/** What the request layer needs from the app (toasts, modal, navigation), wired once at start-up. */
export interface RequestEffects {
  locale(): string;
  translate(key: string): string;
  toastError(message: string, durationMs: number): void;
  confirmLogout(onRelogin: () => void): void;
  /** Reset the user, then send the browser to the site root. */
  toSiteRoot(): void;
  relogin(): void;
}

let effects: RequestEffects | null = null;
export function setRequestEffects(next: RequestEffects): void {
  effects = next;
}

/** A rejected call: the envelope code (or HTTP status) and the message already shown to the user. */
export class RequestFailure extends Error {
  constructor(
    readonly code: number | null,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** Options of one call. */
export interface RequestOptions {
  /**
   * The caller shows a refusal itself (a page's own not-found state): no error toast for a business code.
   * Sign-out answers (450, 401, the logged-out family) still act as always.
   */
  quiet?: boolean;
  /** Milliseconds before the call is given up (as a network failure); default 60 s. */
  timeout?: number;
  /** Cancels the call; a cancelled call rejects with the abort error and shows nothing. */
  signal?: AbortSignal;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** The headers every call carries: the session (also sent as the cookie) and the language of the answer's messages. */
export function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (effects) headers[LOCALE_HEADER] = effects.locale();
  return headers;
}

/**
 * What the request layer does with a classified answer: nothing for one to hand on, else its toast, modal
 * or navigation, then a `RequestFailure`.
 */
export function settle(action: ResponseAction, body: unknown, quiet = false, failure?: string): void {
  const toast = (message: string) => effects?.toastError(message, APP_DEFAULTS.errorToastMs);
  const t = (key: string) => effects?.translate(key) ?? key;
  switch (action.kind) {
    case 'raw':
    case 'resolve':
      return;
    case 'forcedLogout':
      toast(action.message);
      clearToken();
      effects?.toSiteRoot();
      throw new RequestFailure(450, action.message);
    case 'fail': {
      const message = action.message ?? t('request.error');
      if (!quiet || action.confirmLogout) toast(message);
      if (action.confirmLogout) effects?.confirmLogout(() => effects?.relogin());
      throw new RequestFailure(action.code, message, (body as Envelope<unknown> | undefined)?.data ?? null);
    }
    case 'tokenExpired':
      toast(t('request.tokenExpired'));
      clearToken();
      effects?.toSiteRoot();
      throw new RequestFailure(401, t('request.tokenExpired'));
    case 'requestError':
      toast(t('request.requestError'));
      throw new RequestFailure(action.status, failure ?? t('request.requestError'));
  }
}

/** A GET's input as its query string, as the console always wrote it (arrays as `key[]`, no null or undefined). */
export function queryString(input: object): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      const text = item instanceof Date ? item.toISOString() : typeof item === 'object' ? JSON.stringify(item) : String(item);
      query.append(Array.isArray(value) ? `${key}[]` : key, text);
    }
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** One call on `fetch` (the browser's own: no request library on the login page), classified like every answer. */
async function send(method: 'GET' | 'POST', path: string, input: object | undefined, options: RequestOptions): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeout ?? DEFAULT_TIMEOUT_MS);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel);
  let status: number | null = null;
  let body: unknown;
  let failure: string | undefined;
  try {
    const headers = requestHeaders();
    if (method === 'POST') headers['Content-Type'] = 'application/json';
    const response = await fetch(method === 'GET' ? `${path}${queryString(input ?? {})}` : path, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(input ?? {}) : undefined,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    status = response.status;
    const text = await response.text();
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
  } catch (error) {
    // The caller's own cancel is no failure to show; a timeout or a network failure is.
    if (options.signal?.aborted) throw error;
    failure = error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
  settle(classifyResponse({ status, body, url: path }), body, options.quiet, failure);
  return body;
}

/** `api`'s arguments: the input (optional when the endpoint takes none, or only optional fields), then request options. */
type CallArgs<E extends Endpoint> =
  undefined extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: RequestOptions]
    : {} extends EndpointInput<E>
      ? [input?: EndpointInput<E>, options?: RequestOptions]
      : [input: EndpointInput<E>, options?: RequestOptions];

/**
 * Calls an endpoint of the contracts' table and answers its envelope, typed by the endpoint's schemas: a
 * POST sends the input as the JSON body, a GET as the query. 451 comes back as an envelope too; every other
 * failure throws (the request layer has shown it).
 */
export async function apiEnvelope<E extends Endpoint>(
  endpoint: E,
  ...[input, options = {}]: CallArgs<E>
): Promise<Envelope<EndpointData<E>>> {
  const method = endpoint.method === 'GET' ? 'GET' : 'POST';
  return (await send(method, endpoint.path, input as object | undefined, options)) as Envelope<EndpointData<E>>;
}

/** Calls an endpoint and answers its payload (see `apiEnvelope`). */
export async function api<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointData<E>> {
  return (await apiEnvelope(endpoint, ...args)).data;
}
