import type { Locale, RecentProofPurpose } from '@waypoint/contracts';
import { Browser, lastEmail, STRONG_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { renderEmail, type EmailMessage } from '../notifications/templates';

let t: TestApp;
let ipCounter = 10;
const browser = () =>
  new Browser(t.app, `10.9.${Math.floor(ipCounter / 200)}.${ipCounter++ % 200}`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function registered(locale?: Locale) {
  const b = browser();
  const email = uniqueEmail('proof');
  const res = await b.post('/api/auth/register', {
    firstName: 'Ann',
    lastName: 'Lee',
    email,
    password: STRONG_PASSWORD,
  });
  expect(res.statusCode).toBe(200);
  if (locale) expect((await b.put('/api/auth/profile/locale', { locale })).statusCode).toBe(200);
  return { b, email };
}

/** The code's email as the worker sends it, in the account's language. */
async function codeEmail(email: string) {
  const row = await lastEmail(t.database.db, email, 'reauthentication-code');
  expect(row).toBeDefined();
  const message = { template: row!.template, payload: row!.payload } as EmailMessage;
  return renderEmail(message, 'https://apply.example.com', (row!.locale ?? 'en') as Locale);
}

describe('POST /api/auth/recent-proof/code', () => {
  const wording: [RecentProofPurpose, string][] = [
    ['email-change', 'to confirm it is you before changing your email address.'],
    ['password-change', 'to confirm it is you before changing your password.'],
    ['data-export', 'to confirm it is you before downloading a copy of your data.'],
    ['account-deletion', 'to confirm it is you before deleting your account.'],
  ];

  it.each(wording)('names the action in the email for %s', async (purpose, line) => {
    const { b, email } = await registered();
    const res = await b.post('/api/auth/recent-proof/code', { purpose });
    expect(res.statusCode).toBe(200);
    const mail = await codeEmail(email);
    expect(mail.text).toContain(line);
    expect(mail.html).toContain(line);
    expect(mail.text).not.toContain('email address or password');
    const row = await lastEmail(t.database.db, email, 'reauthentication-code');
    expect(row?.payload).toMatchObject({ purpose, code: expect.stringMatching(/^\d{6}$/) });
  });

  it('words the data export code in the account’s language', async () => {
    const { b, email } = await registered('fr');
    expect(
      (await b.post('/api/auth/recent-proof/code', { purpose: 'data-export' })).statusCode,
    ).toBe(200);
    const mail = await codeEmail(email);
    expect(mail.text).toContain('avant de télécharger une copie de vos données');
  });

  it('refuses a request that does not say what the code is for, with a catalogue message', async () => {
    const { b, email } = await registered();
    for (const payload of [{}, { purpose: 'something-else' }]) {
      const res = await b.post('/api/auth/recent-proof/code', payload);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({
        fieldErrorKeys: { purpose: { key: 'auth.recentProofPurposeInvalid' } },
      });
    }
    expect(await lastEmail(t.database.db, email, 'reauthentication-code')).toBeUndefined();
  });

  it('still needs a signed-in caller', async () => {
    const res = await browser().post('/api/auth/recent-proof/code', { purpose: 'data-export' });
    expect(res.statusCode).toBe(401);
  });
});
