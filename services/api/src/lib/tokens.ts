import crypto from 'node:crypto';

/**
 * Random tokens, stored hashed: session cookies, sign-in links and the guest cookie use the same kind.
 */

/** A 128-bit random token for links and session cookies, base64url. */
export function randomToken(bytes = 16): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Only this hash of a token is stored. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
