import {
  parsePhoneNumberFromString,
  type CountryCode as PhoneCountry,
} from 'libphonenumber-js/min';
import { z } from 'zod';
import { text } from './primitives';
import { PostPaymentText } from './post-payment';

/**
 * The phone rule of General Information, apart from the other schemas: it carries the phone number metadata,
 * which only the screens and routes that check phone numbers should download.
 */
/** Country calling codes offered by the phone field, with the region each is checked against. */
export const PHONE_CODES = [
  { code: '+1', region: 'US' },
  { code: '+44', region: 'GB' },
  { code: '+43', region: 'AT' },
  { code: '+49', region: 'DE' },
  { code: '+33', region: 'FR' },
  { code: '+91', region: 'IN' },
  { code: '+86', region: 'CN' },
  { code: '+81', region: 'JP' },
  { code: '+61', region: 'AU' },
] as const;
export const PhoneCode = z.enum(['+1', '+44', '+43', '+49', '+33', '+91', '+86', '+81', '+61']);
export type PhoneCode = z.input<typeof PhoneCode>;
export const DEFAULT_PHONE_CODE = '+43';

/** True when the number is a real, possible number for the calling code. */
export function isValidPhone(code: string, number: string): boolean {
  const region = PHONE_CODES.find((c) => c.code === code)?.region as PhoneCountry | undefined;
  if (!region) return false;
  const digits = number.replace(/[\s().-]/g, '');
  if (!/^\+?\d{4,17}$/.test(digits)) return false;
  const parsed = parsePhoneNumberFromString(
    digits.startsWith('+') ? digits : `${code}${digits.replace(/^0/, '')}`,
    region,
  );
  return Boolean(parsed && parsed.isValid() && `+${parsed.countryCallingCode}` === code);
}

export const GeneralInfoBody = z
  .object({
    countryCode: PhoneCode.default('+43'),
    phoneNumber: text().trim().min(1, PostPaymentText.phoneRequired).max(30),
    notificationPreference: z.enum(['whatsapp', 'sms', 'neither']).default('whatsapp'),
    email: text().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.phoneNumber && !isValidPhone(b.countryCode, b.phoneNumber)) {
      ctx.addIssue({
        code: 'custom',
        path: ['phoneNumber'],
        message: PostPaymentText.phoneInvalid,
      });
    }
  });
export type GeneralInfoBody = z.input<typeof GeneralInfoBody>;
