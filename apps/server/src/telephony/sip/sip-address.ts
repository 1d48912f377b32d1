/** The parts of SIP header values a UAC reads: URIs, name-addr (From/To/Contact/Route) and Via. */
import { randomBytes } from 'node:crypto';
import { isIPv6 } from 'node:net';

export interface SipUri {
  scheme: 'sip' | 'sips';
  user: string | null;
  host: string;
  port: number | null;
  params: Map<string, string | null>;
}

/** `sip:user@host:port;transport=udp` (headers after '?' are ignored). Null when it is not a sip/sips URI. */
export function parseSipUri(text: string): SipUri | null {
  const match = /^(sips?):(?:([^@]*)@)?(\[[^\]]+\]|[^:;?]+)(?::(\d+))?((?:;[^?]*)?)(?:\?.*)?$/i.exec(text.trim());
  if (!match) return null;
  return {
    scheme: match[1]!.toLowerCase() as 'sip' | 'sips',
    user: match[2] ?? null,
    host: match[3]!,
    port: match[4] ? Number(match[4]) : null,
    params: parseParams(match[5] ?? ''),
  };
}

/** `;a=1;lr;b="x;y"` → Map (names lower-cased, quotes removed, flags map to null). */
export function parseParams(text: string): Map<string, string | null> {
  const params = new Map<string, string | null>();
  for (const part of splitOutsideQuotes(text, ';')) {
    const item = part.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    if (eq < 0) params.set(item.toLowerCase(), null);
    else params.set(item.slice(0, eq).trim().toLowerCase(), unquote(item.slice(eq + 1).trim()));
  }
  return params;
}

export interface NameAddr {
  display: string | null;
  uri: string;
  /** Header parameters (`;tag=…`), not the URI's own. */
  params: Map<string, string | null>;
}

/** `"Bob" <sip:bob@host>;tag=x`, `<sip:bob@host>;tag=x` or `sip:bob@host;tag=x`. */
export function parseNameAddr(text: string): NameAddr | null {
  const value = text.trim();
  const open = value.indexOf('<');
  if (open >= 0) {
    const close = value.indexOf('>', open);
    if (close < 0) return null;
    const display = value.slice(0, open).trim();
    return {
      display: display === '' ? null : unquote(display),
      uri: value.slice(open + 1, close).trim(),
      params: parseParams(value.slice(close + 1)),
    };
  }
  // addr-spec without brackets: everything after the first ';' is a header parameter (RFC 3261 §20.10).
  const semi = value.indexOf(';');
  return { display: null, uri: semi < 0 ? value : value.slice(0, semi), params: parseParams(semi < 0 ? '' : value.slice(semi)) };
}

export function tagOf(headerValue: string | undefined): string | null {
  if (!headerValue) return null;
  return parseNameAddr(headerValue)?.params.get('tag') ?? null;
}

export interface Via {
  transport: string;
  host: string;
  port: number | null;
  params: Map<string, string | null>;
}

/** `SIP/2.0/UDP 10.0.0.1:5060;branch=z9hG4bK…;rport` */
export function parseVia(text: string): Via | null {
  const match = /^SIP\s*\/\s*2\.0\s*\/\s*([A-Za-z]+)\s+(\[[^\]]+\]|[^:;\s]+)(?::(\d+))?\s*(.*)$/i.exec(text.trim());
  if (!match) return null;
  return {
    transport: match[1]!.toUpperCase(),
    host: match[2]!,
    port: match[3] ? Number(match[3]) : null,
    params: parseParams(match[4] ?? ''),
  };
}

export function branchOf(viaValue: string | undefined): string | null {
  return viaValue ? (parseVia(viaValue)?.params.get('branch') ?? null) : null;
}

function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) return text.slice(1, -1).replace(/\\(.)/g, '$1');
  return text;
}

function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"' && text[i - 1] !== '\\') quoted = !quoted;
    else if (!quoted && text[i] === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Quotes a display name for From/To. */
export function quoteDisplay(name: string): string {
  return `"${name.replace(/["\\]/g, '\\$&')}"`;
}

/** `host:port` for headers, IPv6 in brackets; no port when `port` is null. */
export function hostPort(host: string, port: number | null): string {
  const h = isIPv6(host) ? `[${host}]` : host;
  return port ? `${h}:${port}` : h;
}

/** A random hex token (tags, branches). */
export function token(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
