/**
 * SIP messages (RFC 3261 §7): parsing what arrives on the socket and serialising what we send. Only
 * what a UAC placing calls needs, but tolerant of what real carriers send: compact header names,
 * folded lines, bare-LF line ends, several values of Via/Route/Record-Route/Contact on one line.
 */

export type SipMessage = SipRequest | SipResponse;

export interface SipRequest {
  kind: 'request';
  method: string;
  uri: string;
  headers: SipHeaders;
  body: string;
}

export interface SipResponse {
  kind: 'response';
  status: number;
  reason: string;
  headers: SipHeaders;
  body: string;
}

const COMPACT: Record<string, string> = {
  i: 'call-id',
  m: 'contact',
  e: 'content-encoding',
  l: 'content-length',
  c: 'content-type',
  f: 'from',
  s: 'subject',
  k: 'supported',
  t: 'to',
  v: 'via',
  o: 'event',
  r: 'refer-to',
  u: 'allow-events',
  x: 'session-expires',
};

const CANONICAL: Record<string, string> = {
  'call-id': 'Call-ID',
  cseq: 'CSeq',
  'www-authenticate': 'WWW-Authenticate',
  'content-length': 'Content-Length',
  'content-type': 'Content-Type',
  'record-route': 'Record-Route',
  'max-forwards': 'Max-Forwards',
  'user-agent': 'User-Agent',
  'proxy-authenticate': 'Proxy-Authenticate',
  'proxy-authorization': 'Proxy-Authorization',
  'retry-after': 'Retry-After',
};

/** Headers whose values may be listed with commas on one line (RFC 3261 §7.3.1); the auth headers never are. */
const LIST_HEADERS = new Set(['via', 'route', 'record-route', 'contact', 'allow', 'supported', 'require', 'proxy-require']);

function keyOf(name: string): string {
  const lower = name.trim().toLowerCase();
  return COMPACT[lower] ?? lower;
}

function canonicalName(key: string): string {
  return CANONICAL[key] ?? key.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
}

/** Ordered, case-insensitive header list; compact names are stored under their full name. */
export class SipHeaders {
  private readonly entries: Array<{ key: string; name: string; value: string }> = [];

  constructor(init?: Iterable<readonly [string, string]>) {
    if (init) for (const [name, value] of init) this.add(name, value);
  }

  add(name: string, value: string): this {
    const key = keyOf(name);
    this.entries.push({ key, name: canonicalName(key), value: value.trim() });
    return this;
  }

  set(name: string, value: string): this {
    this.delete(name);
    return this.add(name, value);
  }

  delete(name: string): this {
    const key = keyOf(name);
    for (let i = this.entries.length - 1; i >= 0; i--) if (this.entries[i]!.key === key) this.entries.splice(i, 1);
    return this;
  }

  has(name: string): boolean {
    const key = keyOf(name);
    return this.entries.some((e) => e.key === key);
  }

  /** The first value (the first element of a comma list for list headers). */
  get(name: string): string | undefined {
    return this.getAll(name)[0];
  }

  /** Every value, list headers split at their top-level commas. */
  getAll(name: string): string[] {
    const key = keyOf(name);
    const values: string[] = [];
    for (const e of this.entries) {
      if (e.key !== key) continue;
      if (LIST_HEADERS.has(key)) values.push(...splitList(e.value));
      else values.push(e.value);
    }
    return values;
  }

  /** The header lines as received (used to copy Via lines into a response unchanged). */
  raw(name: string): string[] {
    const key = keyOf(name);
    return this.entries.filter((e) => e.key === key).map((e) => e.value);
  }

  *[Symbol.iterator](): IterableIterator<[string, string]> {
    for (const e of this.entries) yield [e.name, e.value];
  }
}

/** Splits at commas outside quotes and angle brackets. */
export function splitList(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '"' && value[i - 1] !== '\\') quoted = !quoted;
    else if (!quoted && c === '<') depth++;
    else if (!quoted && c === '>') depth--;
    else if (!quoted && depth === 0 && c === ',') {
      parts.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(value.slice(start).trim());
  return parts.filter((p) => p !== '');
}

export class SipParseError extends Error {}

/** Parses one UDP datagram. Throws SipParseError on what is not a SIP message. */
export function parseSipMessage(data: Buffer | string): SipMessage {
  const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let headEnd = buffer.indexOf('\r\n\r\n');
  let bodyStart = headEnd + 4;
  if (headEnd < 0) {
    headEnd = buffer.indexOf('\n\n');
    bodyStart = headEnd + 2;
  }
  if (headEnd < 0) {
    headEnd = buffer.length;
    bodyStart = buffer.length;
  }
  const lines = buffer.toString('utf8', 0, headEnd).split(/\r?\n/);
  while (lines.length > 0 && lines[0]!.trim() === '') lines.shift(); // keep-alive CRLFs before a message
  const startLine = lines.shift();
  if (!startLine) throw new SipParseError('empty message');

  const headers = new SipHeaders();
  let current: [string, string] | null = null;
  for (const line of lines) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && current) {
      current[1] += ' ' + line.trim();
      continue;
    }
    if (current) headers.add(current[0], current[1]);
    const colon = line.indexOf(':');
    if (colon <= 0) throw new SipParseError(`bad header line: ${line}`);
    current = [line.slice(0, colon), line.slice(colon + 1)];
  }
  if (current) headers.add(current[0], current[1]);

  let bodyBytes = buffer.subarray(Math.min(bodyStart, buffer.length));
  const declared = headers.get('content-length');
  if (declared !== undefined) {
    const length = Number(declared);
    if (!Number.isInteger(length) || length < 0) throw new SipParseError(`bad Content-Length: ${declared}`);
    if (length > bodyBytes.length) throw new SipParseError('truncated body');
    bodyBytes = bodyBytes.subarray(0, length);
  }
  const body = bodyBytes.toString('utf8');

  const response = /^SIP\/2\.0\s+(\d{3})\s*(.*)$/i.exec(startLine);
  if (response) return { kind: 'response', status: Number(response[1]), reason: response[2]!.trim(), headers, body };
  const request = /^([A-Za-z]+)\s+(\S+)\s+SIP\/2\.0\s*$/i.exec(startLine);
  if (request) return { kind: 'request', method: request[1]!.toUpperCase(), uri: request[2]!, headers, body };
  throw new SipParseError(`bad start line: ${startLine}`);
}

/** Serialises a message; Content-Length is always written from the body (and last). */
export function serializeSipMessage(message: SipMessage): Buffer {
  const start = message.kind === 'request' ? `${message.method} ${message.uri} SIP/2.0` : `SIP/2.0 ${message.status} ${message.reason}`;
  const body = Buffer.from(message.body, 'utf8');
  let head = start + '\r\n';
  for (const [name, value] of message.headers) {
    if (name === 'Content-Length') continue;
    head += `${name}: ${value}\r\n`;
  }
  head += `Content-Length: ${body.length}\r\n\r\n`;
  return body.length > 0 ? Buffer.concat([Buffer.from(head, 'utf8'), body]) : Buffer.from(head, 'utf8');
}

/** `CSeq: 2 INVITE` → { seq: 2, method: 'INVITE' }. */
export function parseCSeq(value: string | undefined): { seq: number; method: string } | null {
  const match = value ? /^\s*(\d+)\s+([A-Za-z]+)\s*$/.exec(value) : null;
  return match ? { seq: Number(match[1]), method: match[2]!.toUpperCase() } : null;
}
