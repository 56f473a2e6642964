import crypto from 'node:crypto';
import type { CreatePaymentIntentBody } from '@waypoint/contracts';

export function traveler(i: number, email?: string) {
  return {
    firstName: `Ann${i}`,
    lastName: `Lee${i}`,
    dateOfBirth: '1990-05-17',
    ...(email ? { email } : {}),
    passport: {
      nationality: 'US',
      number: `X1234567${i}`,
      expirationDate: '2031-01-31',
      hasSecondNationality: false,
      addLater: false,
    },
  };
}

/** A complete order for United States citizens: UK ETA, Standard processing. */
export function orderBody(
  email: string,
  travelers = 1,
  overrides: Partial<CreatePaymentIntentBody> = {},
): CreatePaymentIntentBody {
  return {
    countryId: 'US',
    visaTypeId: 'uk-eta',
    arrivalDate: '2027-06-01',
    hasPlannedDates: true,
    processingOptionId: 'uk-eta-standard',
    travelers: Array.from({ length: travelers }, (_, i) =>
      traveler(i + 1, i === 0 ? email : undefined),
    ),
    idempotencyKey: crypto.randomBytes(12).toString('hex'),
    ...overrides,
  };
}
