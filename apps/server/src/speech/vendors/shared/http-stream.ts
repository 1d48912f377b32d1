import type { VendorConnector } from './deps.ts';
import { isAuthStatus, VendorError } from './vendor-error.ts';

/**
 * POSTs and yields the answer's body as it arrives. Refused credentials are an `auth` error, other
 * error statuses `vendor` (with the start of the vendor's message), a body that breaks off
 * `disconnected`. Aborting ends the iteration quietly.
 */
export async function* postStream(
  connector: VendorConnector,
  provider: string,
  url: URL,
  init: { headers: Record<string, string>; body: string },
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  let response: Response;
  try {
    response = await connector.fetch(url, { method: 'POST', headers: init.headers, body: init.body, signal });
  } catch (error) {
    if (signal.aborted) return;
    throw new VendorError('network', provider, (error as Error).message);
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => '')).trim().slice(0, 300);
    const kind = isAuthStatus(response.status) ? 'auth' : 'vendor';
    throw new VendorError(kind, provider, `HTTP ${response.status}${detail ? `: ${detail}` : ''}`, response.status);
  }
  if (!response.body) return;
  const reader = response.body.getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value?.length) yield value;
    }
  } catch (error) {
    if (signal.aborted) return;
    throw new VendorError('disconnected', provider, `the answer broke off: ${(error as Error).message}`);
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** Splits a byte stream into text lines (for server-sent events). */
export async function* lines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of chunks) {
    rest += decoder.decode(chunk, { stream: true });
    let at = rest.indexOf('\n');
    while (at >= 0) {
      yield rest.slice(0, at).replace(/\r$/, '');
      rest = rest.slice(at + 1);
      at = rest.indexOf('\n');
    }
  }
  if (rest) yield rest;
}
