import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits; only the SHA-256 reaches the database, so a leaked table holds no usable token. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
