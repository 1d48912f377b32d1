import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a callback body, Stripe-style: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
 * Signing the timestamp with the body lets a receiver refuse replays (an old `t`) as well as forgeries.
 */
export function signCallback(secret: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/**
 * What a receiver does (documented in docs/callbacks.md, used by our tests): recompute the MAC over the
 * raw body and compare in constant time; refuse a timestamp older than `toleranceSeconds`.
 */
export function verifyCallback(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signCallback(secret, t, body).split('v1=')[1]!, 'hex');
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
