import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FieldEncryption, resolveEncryptionKey } from './field-encryption';

const key = () => crypto.randomBytes(32).toString('base64');

describe('field encryption', () => {
  it('round-trips a passport number and never stores it in clear', () => {
    const enc = new FieldEncryption(key());
    const stored = enc.encrypt('X1234567');
    expect(stored).not.toContain('X1234567');
    expect(stored.startsWith('v1.')).toBe(true);
    expect(enc.encrypt('X1234567')).not.toBe(stored); // a fresh IV every time
    expect(enc.decrypt(stored)).toBe('X1234567');
  });

  it('detects tampering and a wrong key', () => {
    const enc = new FieldEncryption(key());
    const stored = enc.encrypt('X1234567');
    const parts = stored.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => enc.decrypt(parts.join('.'))).toThrow();
    expect(() => new FieldEncryption(key()).decrypt(stored)).toThrow();
  });

  it('generates a key file once in the embedded mode and reuses it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-keys-'));
    const first = await resolveEncryptionKey(undefined, path.join(dir, 'keys'));
    const second = await resolveEncryptionKey(undefined, path.join(dir, 'keys'));
    expect(Buffer.from(first, 'base64')).toHaveLength(32);
    expect(second).toBe(first);
    const stat = await fs.stat(path.join(dir, 'keys', 'encryption.key'));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(await resolveEncryptionKey('configured', dir)).toBe('configured');
    await fs.rm(dir, { recursive: true, force: true });
  });
});
