import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isHashedAssetPath } from './console-files.ts';

/**
 * The console's Content-Security-Policy. Scripts only from our origin (the built console has no inline
 * script). Styles also allow 'unsafe-inline': Arco Design and ECharts set `style` attributes and inject
 * <style> elements at run time (positions of popups, theme variables, chart tooltips), which a nonce cannot
 * cover. Images and media may be data:/blob: URLs (avatars, recordings played from a blob). connect-src
 * 'self' covers the API and the seat WebSocket on the same origin.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // No 'unsafe-eval': the one library that evaluated code, zod's compiled parsers, runs jitless in the
  // console (apps/web/src/zod-jitless.ts).
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Whether the client reached us over HTTPS (directly, or through a trusted proxy's X-Forwarded-Proto). */
export function overHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/**
 * The usual security headers on every answer (API, console pages, files; the hashed assets only nosniff, below): no
 * MIME sniffing, no framing, no referrer leaving the console, the CSP above, and HSTS when served over HTTPS (over
 * plain HTTP it would be ignored by browsers and wrong to promise).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    // The console's hashed scripts and style sheets are never documents: the policy, framing, referrer and opener
    // headers act on documents only (the page that loads them carries them), and on ~60 files of a first visit
    // they were ~30 kB of headers. nosniff stays: it is what makes the browser refuse a script that is not one.
    if (isHashedAssetPath(request.url)) return;
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    if (overHttps(request)) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
