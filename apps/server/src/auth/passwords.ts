import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`; the package's enum is a const enum that isolated modules cannot read. */
const ARGON2ID = 2;

/** OWASP's argon2id baseline (19 MiB, 2 passes). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/** Checked against when the user does not exist, so a wrong name costs the same time as a wrong password. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, plain: string): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hashPassword('decoy-password-never-matches');
    await verify(await decoy, plain).catch(() => false);
    return false;
  }
  return verify(storedHash, plain).catch(() => false);
}
