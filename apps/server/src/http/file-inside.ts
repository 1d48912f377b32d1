import { realpath, stat } from 'node:fs/promises';
import { sep } from 'node:path';

export interface FileInside {
  path: string;
  size: number;
}

/**
 * A stored path as a real file inside `folder` (symlinks followed), else null: what a route may stream back
 * (a call's recording, to the console or through a callback's signed link).
 */
export async function fileInside(storedPath: string, folder: string): Promise<FileInside | null> {
  let root: string;
  let target: string;
  try {
    root = await realpath(folder);
    target = await realpath(storedPath);
  } catch {
    return null;
  }
  if (!target.startsWith(root + sep)) return null;
  const info = await stat(target).catch(() => null);
  return info?.isFile() ? { path: target, size: info.size } : null;
}
