import { PaymentText, SANDBOX_TEST_CARDS, type SandboxPaymentMethod } from '@waypoint/contracts';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardInput;

export type CardCheck =
  | { ok: true; paymentMethod: SandboxPaymentMethod }
  | { ok: false; errors: Partial<Record<CardField, string>> };

const digits = (value: string) => value.replace(/\D/g, '');

/** '4242424242424242' → '4242 4242 4242 4242' (at most 19 digits). */
export function formatCardNumber(value: string): string {
  return digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1230' → '12 / 30'; a single digit above 1 is a month: '4' → '04 / '. */
export function formatExpiry(value: string, previous = ''): string {
  let raw = digits(value).slice(0, 4);
  if (raw.length === 1 && Number(raw) > 1) raw = `0${raw}`;
  // Deleting the separator deletes the month's last digit too.
  if (previous.endsWith(' / ') && value.length < previous.length) raw = raw.slice(0, 1);
  if (raw.length < 2) return raw;
  return `${raw.slice(0, 2)} / ${raw.slice(2)}`;
}

export function formatCvc(value: string): string {
  return digits(value).slice(0, 4);
}

/** The Luhn checksum every card number carries. */
export function luhnValid(number: string): boolean {
  const value = digits(number);
  if (value.length < 12 || value.length > 19) return false;
  let sum = 0;
  for (let index = 0; index < value.length; index += 1) {
    let digit = Number(value[value.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The expiry's problem, or null when the card is valid until the end of a month not yet over. */
export function expiryProblem(expiry: string, now: Date = new Date()): string | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return PaymentText.invalidExpiry;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return PaymentText.invalidExpiry;
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (year * 12 + (month - 1) < thisMonth) return PaymentText.expired;
  return null;
}

/**
 * Checks the card as Stripe.js would and turns a test card into its payment-method token; the number itself never
 * leaves the browser. Only the sandbox's test cards can pay.
 */
export function checkSandboxCard(card: CardInput, now: Date = new Date()): CardCheck {
  const errors: Partial<Record<CardField, string>> = {};
  const number = digits(card.number);
  if (!luhnValid(number)) errors.number = PaymentText.invalidNumber;
  const expiry = expiryProblem(card.expiry, now);
  if (expiry) errors.expiry = expiry;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = PaymentText.invalidCvc;
  const paymentMethod = SANDBOX_TEST_CARDS[number];
  if (!errors.number && !paymentMethod) errors.number = PaymentText.sandboxOnlyTestCards;
  if (Object.keys(errors).length > 0 || !paymentMethod) return { ok: false, errors };
  return { ok: true, paymentMethod };
}
