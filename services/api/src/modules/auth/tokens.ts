import crypto from 'node:crypto';

// Sign-in links and the guest cookie use the same random tokens, stored hashed, as sessions.
export { hashToken, randomToken } from '../../lib/tokens';

/** A 6-digit code, uniformly random. */
export function randomCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Codes have only a million values, so they are hashed with a keyed HMAC (and the token id):
 * a copy of the database alone does not reveal them.
 */
export function hashCode(key: string, tokenId: string, code: string): string {
  return crypto
    .createHmac('sha256', Buffer.from(key, 'base64'))
    .update(`${tokenId}:${code}`)
    .digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
