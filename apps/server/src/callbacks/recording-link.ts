import { createHmac, timingSafeEqual } from 'node:crypto';
import { callbackEndpoints, endpointPath } from '@dialwise/contracts';

/**
 * A callback's recording URL: a link to our server that works without a session for a limited time,
 * signed with the company's callback secret (`sig` = HMAC-SHA256 over the call id and the expiry). A
 * rotated secret retires every link made with the old one.
 */
export function recordingLink(publicUrl: string, secret: string, callId: string, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const url = new URL(endpointPath(callbackEndpoints.recording, { callId }), publicUrl);
  url.searchParams.set('expires', String(expires));
  url.searchParams.set('sig', linkMac(secret, callId, expires));
  return url.toString();
}

export function recordingLinkValid(secret: string, callId: string, expires: number, sig: string, now: Date): boolean {
  if (expires * 1000 < now.getTime()) return false;
  const expected = Buffer.from(linkMac(secret, callId, expires), 'hex');
  const given = Buffer.from(sig, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function linkMac(secret: string, callId: string, expires: number): string {
  return createHmac('sha256', secret).update(`recording.${callId}.${expires}`).digest('hex');
}
