import { relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Vite writes every built script, style sheet and font under assets/ with a hash of its content in the name. */
const HASHED_FOLDER = 'assets';

/** A file whose name changes with its content never changes: the browser keeps it a year and never asks again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (it names the current hashed files) and the unhashed files: kept, but checked (ETag → 304) at each use. */
export const REVALIDATE = 'no-cache';

/** The cache rule of a file of the built console, by where it lies in `root`. */
export function cacheControlFor(root: string, file: string): string {
  const [top] = relative(root, file).split(sep);
  return top === HASHED_FOLDER ? IMMUTABLE : REVALIDATE;
}

/** Whether a request path names a hashed file: one that is missing there is a 404, never the console's page. */
export function isHashedAssetPath(url: string): boolean {
  return url.startsWith(`/${HASHED_FOLDER}/`);
}

/**
 * Serves the built console from `root`. The build writes a brotli (.br) and a gzip (.gz) copy beside each file
 * (apps/web/build/precompress.ts); @fastify/static sends the best one the browser accepts (br, then gzip, then the
 * file itself) with its Content-Encoding, the original's Content-Type, the copy's Content-Length and
 * `Vary: Accept-Encoding`, so nothing is compressed per request. Paths leaving `root` are refused by the plugin;
 * the file list is read once at start (no wildcard route), so a request never walks the disk.
 */
export async function serveConsole(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    // Our own rule below replaces send's `public, max-age=0`.
    cacheControl: false,
    dotfiles: 'deny',
    setHeaders: (reply, file) => {
      reply.header('cache-control', cacheControlFor(root, file));
    },
  });
}
