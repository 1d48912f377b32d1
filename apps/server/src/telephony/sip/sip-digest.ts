/**
 * Digest authentication for SIP (RFC 3261 §22.4 over RFC 2617, SHA-256 from RFC 7616/8760): answers a
 * carrier's 401 WWW-Authenticate or 407 Proxy-Authenticate with the line's user name and password.
 * Handles qop=auth, qop=auth-int and no qop (the RFC 2069 form many carriers still send).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SipLine } from '../trunk.ts';
import type { SipResponse } from './sip-message.ts';

export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque: string | null;
  /** Upper-cased; MD5 when the challenge names none. */
  algorithm: string;
  /** The qop values offered (empty: the RFC 2069 form). */
  qop: string[];
  stale: boolean;
}

const HASHES: Record<string, string> = { MD5: 'md5', 'MD5-SESS': 'md5', 'SHA-256': 'sha256', 'SHA-256-SESS': 'sha256' };

/** `key=value, key="quoted, value"` → Map with lower-cased keys. */
export function parseAuthParams(text: string): Map<string, string> {
  const params = new Map<string, string>();
  const re = /\s*([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))\s*,?/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(text)) !== null) {
    if (match[0] === '') break;
    params.set(match[1]!.toLowerCase(), match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3]!);
  }
  return params;
}

/** Reads a WWW-Authenticate / Proxy-Authenticate value; null when it is not a Digest challenge we can answer. */
export function parseChallenge(headerValue: string): DigestChallenge | null {
  const match = /^\s*Digest\s+(.*)$/is.exec(headerValue);
  if (!match) return null;
  const params = parseAuthParams(match[1]!);
  const realm = params.get('realm');
  const nonce = params.get('nonce');
  const algorithm = (params.get('algorithm') ?? 'MD5').toUpperCase();
  if (realm === undefined || nonce === undefined || !(algorithm in HASHES)) return null;
  return {
    realm,
    nonce,
    opaque: params.get('opaque') ?? null,
    algorithm,
    qop: (params.get('qop') ?? '')
      .split(',')
      .map((q) => q.trim().toLowerCase())
      .filter((q) => q !== ''),
    stale: (params.get('stale') ?? '').toLowerCase() === 'true',
  };
}

/** Picks the challenge to answer among several headers: SHA-256 before MD5, else the first we support. */
export function chooseChallenge(headerValues: readonly string[]): DigestChallenge | null {
  const challenges = headerValues.map(parseChallenge).filter((c): c is DigestChallenge => c !== null);
  return challenges.find((c) => c.algorithm.startsWith('SHA-256')) ?? challenges[0] ?? null;
}

export interface DigestInput {
  algorithm: string;
  username: string;
  password: string;
  realm: string;
  nonce: string;
  method: string;
  uri: string;
  /** 'auth', 'auth-int' or undefined (no qop). */
  qop?: string;
  nc?: string;
  cnonce?: string;
  /** The request body, for qop=auth-int. */
  body?: string;
}

/** The `response` value of RFC 2617 §3.2.2.1. */
export function computeDigestResponse(input: DigestInput): string {
  const algorithm = input.algorithm.toUpperCase();
  const hashName = HASHES[algorithm];
  if (!hashName) throw new Error(`unsupported digest algorithm ${input.algorithm}`);
  const h = (text: string) => createHash(hashName).update(text, 'utf8').digest('hex');
  let ha1 = h(`${input.username}:${input.realm}:${input.password}`);
  if (algorithm.endsWith('-SESS')) ha1 = h(`${ha1}:${input.nonce}:${input.cnonce ?? ''}`);
  const ha2 = input.qop === 'auth-int' ? h(`${input.method}:${input.uri}:${h(input.body ?? '')}`) : h(`${input.method}:${input.uri}`);
  if (input.qop === 'auth' || input.qop === 'auth-int') {
    return h(`${ha1}:${input.nonce}:${input.nc ?? '00000001'}:${input.cnonce ?? ''}:${input.qop}:${ha2}`);
  }
  return h(`${ha1}:${input.nonce}:${ha2}`);
}

export interface AuthorizationInput {
  challenge: DigestChallenge;
  username: string;
  password: string;
  method: string;
  uri: string;
  body?: string;
  /** Request count for this nonce (1 for the first answer). */
  nonceCount?: number;
  cnonce?: string;
}

/** The Authorization / Proxy-Authorization header value answering `challenge`. */
export function buildAuthorization(input: AuthorizationInput): string {
  const { challenge } = input;
  const qop = challenge.qop.includes('auth') ? 'auth' : challenge.qop.includes('auth-int') ? 'auth-int' : undefined;
  const nc = (input.nonceCount ?? 1).toString(16).padStart(8, '0');
  const cnonce = qop || challenge.algorithm.endsWith('-SESS') ? (input.cnonce ?? randomBytes(8).toString('hex')) : undefined;
  const response = computeDigestResponse({
    algorithm: challenge.algorithm,
    username: input.username,
    password: input.password,
    realm: challenge.realm,
    nonce: challenge.nonce,
    method: input.method,
    uri: input.uri,
    qop,
    nc,
    cnonce,
    body: input.body,
  });
  const parts = [
    `username="${quote(input.username)}"`,
    `realm="${quote(challenge.realm)}"`,
    `nonce="${quote(challenge.nonce)}"`,
    `uri="${quote(input.uri)}"`,
    `response="${response}"`,
    `algorithm=${challenge.algorithm === 'MD5-SESS' ? 'MD5-sess' : challenge.algorithm === 'SHA-256-SESS' ? 'SHA-256-sess' : challenge.algorithm}`,
  ];
  if (cnonce) parts.push(`cnonce="${cnonce}"`);
  if (challenge.opaque !== null) parts.push(`opaque="${quote(challenge.opaque)}"`);
  if (qop) parts.push(`qop=${qop}`, `nc=${nc}`);
  return `Digest ${parts.join(', ')}`;
}

/** A carrier's 401 or 407 challenge we can answer, and the header the answer goes in. */
export interface CarrierChallenge {
  challenge: DigestChallenge;
  header: 'Authorization' | 'Proxy-Authorization';
}

/** The challenge of a 401 (WWW-Authenticate) or 407 (Proxy-Authenticate); null when none is one we support. */
export function readChallenge(response: SipResponse): CarrierChallenge | null {
  const proxy = response.status === 407;
  const challenge = chooseChallenge(response.headers.getAll(proxy ? 'proxy-authenticate' : 'www-authenticate'));
  return challenge && { challenge, header: proxy ? 'Proxy-Authorization' : 'Authorization' };
}

/** The header answering `carrier` with the line's digest credentials, for `method` on `uri` (`body` for auth-int). */
export function answerAsLine(carrier: CarrierChallenge, line: SipLine, method: string, uri: string, body?: string): [string, string] {
  const username = line.authUsername ?? line.username;
  return [carrier.header, buildAuthorization({ challenge: carrier.challenge, username, password: line.password, method, uri, body })];
}

function quote(text: string): string {
  return text.replace(/["\\]/g, '\\$&');
}
