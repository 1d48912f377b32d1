// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('the console calls the server through the endpoint table', () => {
  it('no file of the console writes an /api/ path by hand (use an endpoint of @dialwise/contracts with api(), or its path)', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const handWritten = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (/['"`]\/api\//.test(line) ? [`${relative(SRC, file)}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(handWritten).toEqual([]);
  });
});
