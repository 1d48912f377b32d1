import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const VERSION = 'v1';
const KEY_BYTES = 32;

/**
 * Encrypts secrets at rest (SIP passwords, LLM API keys, custom decryption API credentials) with
 * AES-256-GCM. A sealed value is `v1:<iv>:<tag>:<ciphertext>` in base64url, so a stolen database dump
 * holds nothing usable without the key, and a tampered value fails to open instead of decrypting to junk.
 * Secrets are write-only through the API: open() is for the server's own use (dialling, calling an LLM).
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static fromKey(key: Buffer): SecretBox {
    if (key.length !== KEY_BYTES) throw new Error(`The secret key must be ${KEY_BYTES} bytes`);
    return new SecretBox(key);
  }

  /**
   * The key from `SECRET_KEY` (base64, 32 bytes) when set; otherwise `<dataDir>/secret.key`, generated
   * on first start with mode 0600. Losing that file makes the stored secrets unreadable: back it up
   * with the database.
   */
  static load(options: { secretKey?: string; dataDir: string }): SecretBox {
    if (options.secretKey) return SecretBox.fromKey(Buffer.from(options.secretKey, 'base64'));
    const file = join(options.dataDir, 'secret.key');
    if (!existsSync(file)) {
      mkdirSync(options.dataDir, { recursive: true });
      writeFileSync(file, randomBytes(KEY_BYTES).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    }
    return SecretBox.fromKey(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join(':');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** How a stored secret is shown: that it is set, never what it is (e.g. "sk-…9f2c" is too much). */
export function maskSecret(sealed: string | null | undefined): string {
  return sealed ? '••••••••' : '';
}
