import { createHash, createHmac, randomUUID } from 'node:crypto';
import type { VendorDeps } from '../shared/deps.ts';
import { VendorError } from '../shared/vendor-error.ts';

/**
 * An NLS access token. A stored `token` is used as is; otherwise the AccessKey pair obtains one from
 * CreateToken (Alibaba Cloud POP RPC API, HMAC-SHA1 signed query) and it is cached until a minute
 * before its `ExpireTime` (tokens live about a day).
 * Docs: https://www.alibabacloud.com/help/en/isi/getting-started/obtain-an-access-token-by-calling-an-api-operation
 * and the RPC signature: https://www.alibabacloud.com/help/en/sdk/product-overview/rpc-mechanism
 */
const cache = new Map<string, { token: string; expiresAt: number }>();

/**
 * The token service of each region. China: `nls-meta.cn-shanghai` (the NLS SDKs' host). International:
 * `nlsmeta.ap-southeast-1` (no hyphen), as the international "Regions and domain names" and "Obtain a
 * token using OpenAPI" pages give it today; an older page wrote `nls-meta-ap-southeast-1`, which the
 * current pages no longer list. The token of one region does not open the other's gateway.
 */
export const ALI_TOKEN_URLS: Readonly<Record<string, string>> = {
  ali: 'https://nls-meta.cn-shanghai.aliyuncs.com/',
  ali_sea: 'https://nlsmeta.ap-southeast-1.aliyuncs.com/',
};
const REGIONS: Record<string, string> = { ali: 'cn-shanghai', ali_sea: 'ap-southeast-1' };

/** RFC 3986 encoding as the POP signature wants it (space as %20, `*` and `~` as Alibaba writes them). */
export function popEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The CreateToken signature (exported to check it against the document's own example). */
export function signQuery(params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${popEncode(k)}=${popEncode(params[k]!)}`)
    .join('&');
  const toSign = `GET&${popEncode('/')}&${popEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

export async function aliToken(deps: VendorDeps, provider: string, credentials: Readonly<Record<string, string>>): Promise<string> {
  if (credentials.token) return credentials.token;
  const id = credentials.accessKeyId;
  const secret = credentials.accessKeySecret;
  if (!id || !secret) throw new VendorError('credentials', provider, 'neither a token nor an AccessKey pair is stored for this provider');
  const tokenUrl = deps.aliTokenUrl?.(provider) ?? ALI_TOKEN_URLS[provider] ?? ALI_TOKEN_URLS.ali!;
  // Keyed by a digest of the secret too: a corrected secret must not reuse the token of the old one.
  const key = `${tokenUrl}|${id}|${createHash('sha256').update(secret).digest('hex')}`;
  const cached = cache.get(key);
  if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;

  const params: Record<string, string> = {
    AccessKeyId: id,
    Action: 'CreateToken',
    Format: 'JSON',
    RegionId: REGIONS[provider] ?? 'cn-shanghai',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2019-02-28',
  };
  const url = new URL(tokenUrl);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.searchParams.set('Signature', signQuery(params, secret));
  let response: Response;
  try {
    response = await deps.connector.fetch(url, { method: 'GET', signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    // Node's fetch says only "fetch failed"; the cause (ENOTFOUND, ECONNREFUSED…) and the host tell the operator which.
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new VendorError('network', provider, `CreateToken at ${url.host}: ${why}`);
  }
  const body = (await response.json().catch(() => ({}))) as {
    Token?: { Id?: string; ExpireTime?: number };
    Code?: string;
    Message?: string;
  };
  if (!response.ok || !body.Token?.Id) {
    // Every refusal of the AccessKey (unknown id, bad signature, no permission) is the operator's to fix.
    const failure = response.status >= 400 && response.status < 500 ? 'auth' : 'vendor';
    throw new VendorError(
      failure,
      provider,
      `CreateToken: ${body.Code ?? response.status} ${body.Message ?? ''}`.trim(),
      body.Code ?? response.status,
    );
  }
  cache.set(key, { token: body.Token.Id, expiresAt: (body.Token.ExpireTime ?? 0) * 1000 });
  return body.Token.Id;
}
