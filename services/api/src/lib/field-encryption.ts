import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * AES-256-GCM encryption of single fields (passport numbers). The stored form is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url, so a later key or algorithm can be told apart.
 */
export class FieldEncryption {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    const key = Buffer.from(base64Key, 'base64');
    if (key.length !== 32) throw new Error('The encryption key must be 32 bytes');
    this.key = key;
  }

  /** A separate key for another purpose (e.g. hashing one-time codes), derived from this one. */
  deriveKey(label: string): string {
    return crypto.createHmac('sha256', this.key).update(label).digest('base64');
  }

  encrypt(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return ['v1', iv, tag, body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  decrypt(stored: string): string {
    const [version, iv, tag, body] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) {
      throw new Error('Unrecognised encrypted value');
    }
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}

/**
 * The configured key, or in the embedded mode a key generated once and kept in
 * `keysDir/encryption.key` (readable by the owner only).
 */
export async function resolveEncryptionKey(configured: string | undefined, keysDir: string) {
  if (configured) return configured;
  const file = path.join(keysDir, 'encryption.key');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(keysDir, { recursive: true, mode: 0o700 });
  const key = crypto.randomBytes(32).toString('base64');
  try {
    await fs.writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    // Another process created it first: use that one.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      return (await fs.readFile(file, 'utf8')).trim();
    }
    throw err;
  }
}
