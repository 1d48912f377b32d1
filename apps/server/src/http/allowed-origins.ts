import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Which web pages may open the server's WebSockets. A browser sends the page's Origin with every WebSocket
 * upgrade and, unlike fetch, no CORS check stops a foreign page: `SameSite=Strict` keeps the session cookie
 * from other sites, but another port of the same host or a sibling subdomain is the same site. So an upgrade
 * is accepted only from the console itself — the host the request was sent to (the console's own pages, and
 * the Vite dev server, whose proxy passes its Host on), the origin of `PUBLIC_URL` — and from the origins of
 * `ALLOWED_ORIGINS`. An upgrade without an Origin header is no browser's (a script, a load balancer's probe)
 * and is let through to the session check; `Origin: null` (a sandboxed frame, a file) is refused.
 */
export function originAllowed(origin: string | undefined, requestHost: string, allowed: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === 'null') return false;
  return parsed.host === requestHost.toLowerCase() || allowed.has(parsed.origin);
}

/** The configured origins (`PUBLIC_URL`'s and `ALLOWED_ORIGINS`), as browsers write them: scheme://host[:port]. */
export function originsOf(urls: readonly string[]): Set<string> {
  return new Set(urls.map((url) => new URL(url).origin));
}

/**
 * An onRequest hook for a WebSocket route: refuses an upgrade from a foreign Origin with 403 before anything
 * else runs (the session is not read), logged at warning level with the origin and the client's address.
 */
export function refuseForeignOrigins(allowed: ReadonlySet<string>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (originAllowed(origin, request.host, allowed)) return;
    request.log.warn({ origin, host: request.host, ip: request.ip, url: request.url }, 'WebSocket refused: foreign Origin');
    await reply.code(403).send();
  };
}
