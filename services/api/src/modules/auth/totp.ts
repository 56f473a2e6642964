import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The issuer authenticator apps show next to the account. */
export const TOTP_ISSUER = 'Waypoint';
/** A code is accepted 30 s either side of now (clock drift of the phone), each one only once. */
const TOLERANCE_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI and its QR code (an SVG data URL) for the authenticator app. */
export async function totpEnrolment(secret: string, email: string) {
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  const svg = await QRCode.toString(otpauthUri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return {
    secret,
    otpauthUri,
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Checks a 6-digit code. Returns its time step when valid and newer than `lastStep` (a code, once used, is never
 * accepted again, even within its 30-second window); null otherwise.
 */
export async function checkTotp(
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: ten base32 characters (50 bits), shown as `xxxxx-xxxxx`. */
export function randomRecoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = Array.from(bytes, (b) => BASE32[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Recovery codes are compared without their dash. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toLowerCase();
}
