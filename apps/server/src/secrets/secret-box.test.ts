import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox, maskSecret } from './secret-box.ts';

describe('SecretBox', () => {
  const box = SecretBox.fromKey(randomBytes(32));

  it('opens what it sealed, and never seals the same secret to the same text twice', () => {
    const a = box.seal('s1p-Pa55!');
    expect(a).not.toContain('s1p-Pa55!');
    expect(box.seal('s1p-Pa55!')).not.toBe(a);
    expect(box.open(a)).toBe('s1p-Pa55!');
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => SecretBox.fromKey(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow('Not a sealed secret');
  });

  it('generates its key file once, readable by its owner only, and reuses it', () => {
    const parent = mkdtempSync(join(tmpdir(), 'dialwise-key-'));
    const dir = join(parent, 'data');
    const first = SecretBox.load({ dataDir: dir });
    const key = readFileSync(join(dir, 'secret.key'), 'utf8');
    expect(statSync(join(dir, 'secret.key')).mode & 0o777).toBe(0o600);
    const second = SecretBox.load({ dataDir: dir });
    expect(readFileSync(join(dir, 'secret.key'), 'utf8')).toBe(key);
    expect(second.open(first.seal('x'))).toBe('x');
    rmSync(parent, { recursive: true, force: true });
  });

  it('takes the key from SECRET_KEY when given, and rejects a key of the wrong size', () => {
    const key = randomBytes(32).toString('base64');
    const sealed = SecretBox.load({ secretKey: key, dataDir: '/nonexistent' }).seal('y');
    expect(SecretBox.load({ secretKey: key, dataDir: '/nonexistent' }).open(sealed)).toBe('y');
    expect(() => SecretBox.load({ secretKey: 'c2hvcnQ=', dataDir: '/nonexistent' })).toThrow('32 bytes');
  });

  it('masks a stored secret without revealing any of it', () => {
    expect(maskSecret(box.seal('abc'))).toBe('••••••••');
    expect(maskSecret(null)).toBe('');
  });
});
