import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What compresses: text. Other images and woff2 fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

/** Every compressible file under `dir`, as paths relative to it. */
async function compressibleFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true });
  return names.filter((name) => COMPRESSIBLE.test(name));
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside each file of `dir`, once at build
 * time, so the server sends them as they are (apps/server/src/http/console-files.ts) and compresses nothing per
 * request. A copy that is not smaller than its file is not written: the server then sends the file itself.
 */
async function precompressFolder(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  let bytes = 0;
  let brotliBytes = 0;
  const files = await compressibleFiles(dir);
  const compressOne = async (name: string) => {
    const path = join(dir, name);
    const content = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < content.length) await writeFile(`${path}.br`, br);
    if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
    bytes += content.length;
    brotliBytes += Math.min(br.length, content.length);
  };
  // zlib runs on libuv's thread pool (4 threads): a few files at a time keep it busy without queueing them all.
  const queue = [...files];
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) await compressOne(name);
  };
  await Promise.all([worker(), worker()]);
  return { files: files.length, bytes, brotliBytes };
}

/** The build step: after Vite has written the console (public files included), compress what it wrote. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'dialwise:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const { files, bytes, brotliBytes } = await precompressFolder(outDir);
      this.info(`precompressed ${files} files: ${(bytes / 1024).toFixed(0)} kB -> ${(brotliBytes / 1024).toFixed(0)} kB brotli`);
    },
  };
}
