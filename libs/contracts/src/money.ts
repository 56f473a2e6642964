import { z } from 'zod';

/** Money is integer euro cents everywhere; these helpers are the only conversions. */

/**
 * The one currency orders are priced, paid and refunded in: prices are euro cents, the UK's fee converted at the
 * GBP→EUR rate. A new order or intent takes it from here; an existing one keeps the currency stored with it.
 */
export const CURRENCY = 'EUR';
export const Currency = z.literal(CURRENCY);
export type Currency = z.infer<typeof Currency>;

/** Formats cents as a plain amount with two decimals, e.g. 12345 → "123.45". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Formats cents as euros for display, e.g. 12345 → "€123.45". */
export function formatEuros(cents: number): string {
  return `€${formatCents(cents)}`;
}

/** Formats pence as pounds for display, e.g. 2000 → "£20.00". */
export function formatPounds(pence: number): string {
  return `£${formatCents(pence)}`;
}

/**
 * Converts an amount in pence to euro cents at a decimal rate string (euros per pound), rounding half up.
 * Works on integers only so that no floating-point error reaches a price.
 */
export function penceToEuroCents(pence: number, rate: string): number {
  const match = /^(\d+)(?:\.(\d{1,8}))?$/.exec(rate.trim());
  if (!match) throw new Error(`Invalid exchange rate: ${rate}`);
  const decimals = match[2] ?? '';
  const scale = 10n ** BigInt(decimals.length);
  const scaledRate = BigInt(match[1] + decimals);
  const product = BigInt(pence) * scaledRate;
  return Number((product * 2n + scale) / (2n * scale));
}
