import { decodeHexPhone, type EncryptionType } from '@dialwise/contracts';
import { outboundFetch } from '../net/outbound-guard.ts';

/** Why a stored number could not be turned into one to dial; the subtask fails with it, the task goes on. */
export class UnresolvedNumber extends Error {}

export interface ResolveOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The number to put in the INVITE, from the number as stored under the project's encryption type:
 * PLAIN_TEXT as given; HEX decoded here; MD5 passed as given (the carrier resolves the hash); CUSTOM
 * resolved through the project's API at dial time — POST `{ "phone": <token> }`, answer `{ "phone": "…" }`
 * (or `{ "data": { "phone": "…" } }`) — and never stored in clear.
 */
export async function resolveNumber(
  stored: string,
  type: EncryptionType,
  apiUrl: string | null,
  options: ResolveOptions = {},
): Promise<string> {
  switch (type) {
    case 'PLAIN_TEXT':
    case 'MD5':
      return stored;
    case 'HEX':
      return decodeHexPhone(stored);
    case 'CUSTOM':
      return resolveThroughApi(stored, apiUrl, options);
  }
}

async function resolveThroughApi(token: string, apiUrl: string | null, options: ResolveOptions): Promise<string> {
  if (!apiUrl) throw new UnresolvedNumber('the project has no decryption API URL');
  let response: Response;
  try {
    response = await (options.fetch ?? outboundFetch)(apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: token }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
  } catch (error) {
    throw new UnresolvedNumber(
      `decryption API unreachable: ${(error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message}`,
    );
  }
  if (!response.ok) throw new UnresolvedNumber(`decryption API answered HTTP ${response.status}`);
  const body = (await response.json().catch(() => null)) as { phone?: unknown; data?: { phone?: unknown } } | null;
  const phone = body?.phone ?? body?.data?.phone;
  if (typeof phone !== 'string' || !/^\+?\d{3,20}$/.test(phone)) throw new UnresolvedNumber('decryption API gave no phone number');
  return phone;
}
