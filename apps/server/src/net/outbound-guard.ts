import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';

/*
 * The one gate for requests the server makes to URLs its users type (a project's CUSTOM decryption API,
 * LLM URLs, and — for the helpers that build them — speech vendor and callback URLs). Without it a company
 * ADMIN could make the server POST to 127.0.0.1, the cloud metadata service or the office network and read
 * the answer (issue 15 point 5).
 *
 * Refused: loopback, private (RFC 1918), CGNAT, link-local (with 169.254.169.254), unique-local IPv6 (with
 * fd00:ec2::254), unspecified, multicast and reserved addresses. The check runs where the socket resolves
 * its host (`outboundLookup`), so the address checked is the address connected to — a DNS answer that
 * changes between a check and the connection (rebinding) cannot slip through — and again on every redirect
 * hop, which `outboundFetch` follows itself. Address literals (no lookup happens) are checked before the
 * request.
 *
 * Exceptions, set once at start by `configureOutbound`: hosts or ranges the operator lists
 * (OUTBOUND_ALLOW_HOSTS), and this server itself, only on the demo model's path: the demo company's LLM
 * URL points at our own /api/demo-llm/v1 on a loopback address.
 */

const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  REFUSED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  REFUSED.addSubnet(network, prefix, 'ipv6');
}

/** A URL the server will not call; the message says why and how an operator allows it. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
  constructor(readonly target: string) {
    super(`refused to connect to ${target}: a loopback, private, link-local or metadata address (allow it with OUTBOUND_ALLOW_HOSTS)`);
  }
}

interface Policy {
  hosts: Set<string>;
  ranges: BlockList;
  ownServer: { port: number; pathPrefix: string } | null;
}

let policy: Policy = { hosts: new Set(), ranges: new BlockList(), ownServer: null };

/**
 * Sets the exceptions for this process (main.ts at start; a test file that calls loopback fakes lists
 * 127.0.0.1 itself). `allowHosts`: host names (exact, any case), addresses or CIDR ranges.
 */
export function configureOutbound(options: { allowHosts?: readonly string[]; ownServer?: { port: number; pathPrefix: string } | null }) {
  const hosts = new Set<string>();
  const ranges = new BlockList();
  for (const entry of options.allowHosts ?? []) {
    const value = entry
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    if (!value) continue;
    const [network, bits] = value.split('/') as [string, string | undefined];
    const family = isIP(network);
    if (family === 0) hosts.add(value);
    else if (bits === undefined) ranges.addAddress(network, family === 6 ? 'ipv6' : 'ipv4');
    else ranges.addSubnet(network, Number(bits), family === 6 ? 'ipv6' : 'ipv4');
  }
  policy = { hosts, ranges, ownServer: options.ownServer ?? null };
}

function refusedAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const type = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  return REFUSED.check(plain, type) && !policy.ranges.check(plain, type);
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

/** Whether the URL skips the address check: a listed host, or this server's own demo model. */
function trusted(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (policy.hosts.has(host)) return true;
  const own = policy.ownServer;
  const port = Number(url.port || (url.protocol === 'https:' || url.protocol === 'wss:' ? 443 : 80));
  return own !== null && LOOPBACK_NAMES.has(host) && port === own.port && url.pathname.startsWith(own.pathPrefix);
}

/**
 * A loopback URL on this server's own demo-model path means this server, whatever port it names: the demo
 * company's LLM row was written with the port of the start that seeded it, and a later start on another PORT
 * must still reach its own demo model. Answers the URL with the running server's port; any
 * other URL unchanged.
 */
export function followOwnServer(url: string): string {
  const own = policy.ownServer;
  if (!own) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const host = parsed.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (parsed.protocol !== 'http:' || !LOOPBACK_NAMES.has(host) || !parsed.pathname.startsWith(own.pathPrefix)) return url;
  if (Number(parsed.port || 80) === own.port) return url;
  parsed.port = String(own.port);
  return parsed.toString();
}

/** A DNS lookup that fails when any address of the name is refused; the socket connects to what it returns. */
export const outboundLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => refusedAddress(entry.address));
    if (refused || addresses.length === 0) {
      return callback(
        Object.assign(new OutboundRefused(`${hostname} (${refused?.address ?? 'no address'})`), { code: 'EOUTBOUND' }),
        '',
        0,
      );
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * For a client that opens its own connection (a WebSocket to a speech vendor): throws OutboundRefused for a
 * refused URL, else returns the options to hand the client (`new WebSocket(url, outboundOptions(url))`, `ws`
 * passes them to http.request) so its connection goes through the same checked lookup.
 */
export function outboundOptions(url: string | URL): { lookup?: LookupFunction } {
  const parsed = new URL(String(url));
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(parsed.protocol)) throw new OutboundRefused(`${parsed.protocol} URL`);
  if (trusted(parsed)) return {};
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && refusedAddress(host)) throw new OutboundRefused(host);
  return { lookup: outboundLookup };
}

/**
 * Resolves the URL's host now and throws OutboundRefused if it may not be called: for checking a URL when a
 * form is saved (the connection itself is checked again when it is made).
 */
export async function assertOutboundUrl(url: string | URL): Promise<void> {
  const options = outboundOptions(url);
  if (!options.lookup) return;
  const host = new URL(String(url)).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return;
  await new Promise<void>((resolve, reject) => {
    options.lookup!(host, { all: true }, (error) => {
      // A name that does not resolve now may later; only a refused address fails the check.
      if (error instanceof OutboundRefused) reject(error);
      else resolve();
    });
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/**
 * fetch() for user-given URLs: the same Response, but every connection is checked (see above) and
 * redirects are followed here, at most five, each hop checked again. Bodies: a string or bytes.
 */
export async function outboundFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  let url = new URL(String(input));
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body ?? undefined;
  if (body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array)) {
    throw new TypeError('outboundFetch sends a string or bytes');
  }
  for (let hop = 0; ; hop += 1) {
    const response = await requestOnce(
      url,
      method,
      new Headers(init.headers),
      body as string | Uint8Array | undefined,
      init.signal ?? undefined,
    );
    const location = response.headers.get('location');
    if (init.redirect === 'manual' || !REDIRECTS.has(response.status) || !location) return response;
    await response.body?.cancel();
    if (init.redirect === 'error' || hop >= MAX_REDIRECTS) throw new TypeError(`too many redirects from ${String(input)}`);
    url = new URL(location, url);
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
  }
}

function requestOnce(
  url: URL,
  method: string,
  headers: Headers,
  body: string | Uint8Array | undefined,
  signal?: AbortSignal,
): Promise<Response> {
  const options: RequestOptions = { method, headers: Object.fromEntries(headers), signal, ...outboundOptions(url) };
  if (!['http:', 'https:'].includes(url.protocol)) return Promise.reject(new OutboundRefused(`${url.protocol} URL`));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    const request = send(url, options, (message: IncomingMessage) => {
      const answer = new Headers();
      for (let i = 0; i < message.rawHeaders.length; i += 2) answer.append(message.rawHeaders[i]!, message.rawHeaders[i + 1]!);
      const status = message.statusCode ?? 502;
      const empty = method === 'HEAD' || status === 204 || status === 304;
      if (empty) message.resume();
      resolve(
        new Response(empty ? null : (Readable.toWeb(message) as ReadableStream<Uint8Array>), {
          status,
          statusText: message.statusMessage ?? '',
          headers: answer,
        }),
      );
    });
    // Like fetch: a cancelled request rejects with the signal's reason (TimeoutError for AbortSignal.timeout).
    request.on('error', (error) => reject(signal?.aborted ? signal.reason : error));
    request.end(body);
  });
}
