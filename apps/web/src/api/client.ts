import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
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

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * The caller shows a refusal itself (a page's own not-found state): no error toast for a business code.
     * Sign-out answers (450, 401, the logged-out family) still act as always.
     */
    quiet?: boolean;
  }
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

export const http = axios.create({ timeout: 60_000, withCredentials: true });

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  if (effects) config.headers.set(LOCALE_HEADER, effects.locale());
  return config;
});

function act(action: ResponseAction, response: AxiosResponse | undefined, error?: AxiosError, quiet = false): unknown {
  const toast = (message: string) => effects?.toastError(message, APP_DEFAULTS.errorToastMs);
  const t = (key: string) => effects?.translate(key) ?? key;
  switch (action.kind) {
    case 'raw':
    case 'resolve':
      return response;
    case 'forcedLogout':
      toast(action.message);
      clearToken();
      effects?.toSiteRoot();
      throw new RequestFailure(450, action.message);
    case 'fail': {
      const message = action.message ?? t('request.error');
      if (!quiet || action.confirmLogout) toast(message);
      if (action.confirmLogout) effects?.confirmLogout(() => effects?.relogin());
      throw new RequestFailure(action.code, message, (response?.data as Envelope<unknown> | undefined)?.data ?? null);
    }
    case 'tokenExpired':
      toast(t('request.tokenExpired'));
      clearToken();
      effects?.toSiteRoot();
      throw new RequestFailure(401, t('request.tokenExpired'));
    case 'requestError':
      toast(t('request.requestError'));
      throw new RequestFailure(action.status, error?.message ?? t('request.requestError'));
  }
}

http.interceptors.response.use(
  (response) =>
    act(
      classifyResponse({
        status: response.status,
        body: response.data,
        responseType: response.config.responseType,
        url: response.config.url,
      }),
      response,
      undefined,
      response.config.quiet,
    ) as AxiosResponse,
  (error: AxiosError) => {
    if (axios.isCancel(error)) throw error;
    const response = error.response;
    return act(
      classifyResponse({
        status: response?.status ?? null,
        body: response?.data,
        responseType: error.config?.responseType,
        url: error.config?.url,
      }),
      response,
      error,
      error.config?.quiet,
    );
  },
);

/** `api`'s arguments: the input (optional when the endpoint takes none, or only optional fields), then request options. */
type CallArgs<E extends Endpoint> =
  undefined extends EndpointInput<E>
    ? [input?: EndpointInput<E>, config?: AxiosRequestConfig]
    : {} extends EndpointInput<E>
      ? [input?: EndpointInput<E>, config?: AxiosRequestConfig]
      : [input: EndpointInput<E>, config?: AxiosRequestConfig];

/**
 * Calls an endpoint of the contracts' table and answers its envelope, typed by the endpoint's schemas: a
 * POST sends the input as the JSON body, a GET as the query. 451 comes back as an envelope too; every other
 * failure throws (the request layer has shown it).
 */
export async function apiEnvelope<E extends Endpoint>(
  endpoint: E,
  ...[input, config = {}]: CallArgs<E>
): Promise<Envelope<EndpointData<E>>> {
  const response =
    endpoint.method === 'GET'
      ? await http.get<Envelope<EndpointData<E>>>(endpoint.path, { ...config, params: input ?? {} })
      : await http.post<Envelope<EndpointData<E>>>(endpoint.path, input ?? {}, config);
  return response.data;
}

/** Calls an endpoint and answers its payload (see `apiEnvelope`). */
export async function api<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointData<E>> {
  return (await apiEnvelope(endpoint, ...args)).data;
}
