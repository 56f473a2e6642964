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

import type { Browser } from './auth-helpers';

/** The sandbox's confirm of an order's intent with a test card (`pm_card_visa` pays at once). */
export function sandboxConfirmBody(
  intent: { paymentIntentId: string; clientSecret: string },
  email: string,
  paymentMethod = 'pm_card_visa',
) {
  return {
    paymentIntentId: intent.paymentIntentId,
    clientSecret: intent.clientSecret,
    paymentMethod,
    billingDetails: {
      name: 'Ann Lee',
      email,
      address: { line1: '1 High St', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
    },
  };
}

/** Places and pays an order from a guest browser, which ends up signed in to the new account. */
export async function paidOrder(
  b: Browser,
  email: string,
  travelers = 1,
  overrides: Partial<CreatePaymentIntentBody> = {},
) {
  const res = await b.post(
    '/api/applications/create-payment-intent',
    orderBody(email, travelers, overrides),
  );
  const intent = (
    res.json() as { data: { applicationId: string; paymentIntentId: string; clientSecret: string } }
  ).data;
  await b.post('/api/payments/sandbox/confirm', sandboxConfirmBody(intent, email));
  const confirmed = await b.post('/api/applications/confirm-payment', {
    paymentIntentId: intent.paymentIntentId,
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
  return intent.applicationId;
}

/** A multipart/form-data body with one file, after the text fields given. */
export function multipartFile(
  filename: string,
  contentType: string,
  data: Buffer,
  fields: Record<string, string> = {},
) {
  const boundary = `----waypoint${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
