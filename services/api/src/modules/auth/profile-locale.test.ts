import { eq, sql } from 'drizzle-orm';
import { ApiMessages, LOCALE_COOKIE } from '@waypoint/contracts';
import { rowsOf } from '../../db/client';
import { applications, users } from '../../db/schema';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { Browser, lastEmail, STRONG_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { paidOrder } from '../../test/orders';
import type { Mailer } from '../notifications/mailer';
import { processOutbox } from '../notifications/outbox';
import { receiptAttachments } from '../receipts/receipts.service';
import { SYSTEM } from '../audit/audit.repo';
import { changeStatus } from '../applications/status.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://apply.example.com' });
});
afterAll(() => t.close());

let ip = 0;
const browser = () => new Browser(t.app, `10.7.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

async function register(b: Browser, headers: Record<string, string> = {}) {
  const email = uniqueEmail();
  const res = await b.request({
    method: 'POST',
    url: '/api/auth/register',
    headers,
    payload: { firstName: 'Amira', lastName: 'Haddad', email, password: STRONG_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return { email, user: body<{ data: { user: { locale: string } } }>(res).data.user };
}

/** A mailer that keeps what it is asked to send. */
function keepingMailer() {
  const sent: { to: string; subject: string; text: string; html: string }[] = [];
  const mailer = {
    send: async (message: (typeof sent)[number]) => {
      sent.push(message);
    },
  } as unknown as Mailer;
  return { mailer, sent };
}

describe('the language of an account', () => {
  it('is a column of orders and emails (English before), and of accounts (none until chosen or known)', async () => {
    const columns = rowsOf<{
      table_name: string;
      column_default: string | null;
      is_nullable: string;
    }>(
      await t.database.db.execute(sql`
        select table_name, column_default, is_nullable from information_schema.columns
        where column_name = 'locale' and table_name in ('users', 'email_outbox', 'applications')
        order by table_name`),
    );
    expect(columns.map((c) => [c.table_name, c.is_nullable])).toEqual([
      ['applications', 'NO'],
      ['email_outbox', 'NO'],
      ['users', 'YES'],
    ]);
    expect(columns[0]!.column_default).toMatch(/^'en'/);
    expect(columns[1]!.column_default).toMatch(/^'en'/);
    expect(columns[2]!.column_default).toBeNull();
    const [row] = await t.database.db
      .insert(users)
      .values({ email: uniqueEmail('before') })
      .returning();
    expect(row!.locale).toBeNull();
  });

  it('is the language of the visit when registering: the cookie, else the browser’s language', async () => {
    const french = await register(browser(), {
      cookie: `${LOCALE_COOKIE}=fr`,
      'accept-language': 'de-DE,de;q=0.9',
    });
    expect(french.user.locale).toBe('fr');
    const german = await register(browser(), { 'accept-language': 'de-CH, en;q=0.5' });
    expect(german.user.locale).toBe('de');
    const english = await register(browser(), { 'accept-language': 'ja-JP' });
    expect(english.user.locale).toBe('en');
    // The verification code goes out in the account's language.
    expect((await lastEmail(t.database.db, french.email, 'email-verification'))?.locale).toBe('fr');
  });

  it('is changed with the profile, and an unknown language is refused with a clear message', async () => {
    const b = browser();
    const { email } = await register(b);
    const profile = { firstName: 'Amira', lastName: 'Haddad', email };
    const saved = await b.put('/api/auth/profile', { ...profile, locale: 'es' });
    expect(saved.statusCode).toBe(200);
    expect(body(saved)).toMatchObject({ data: { locale: 'es' } });
    // Leaving it out keeps it.
    await b.put('/api/auth/profile', { ...profile, firstName: 'Amina' });
    expect(body(await b.get('/api/auth/profile'))).toMatchObject({
      data: { firstName: 'Amina', locale: 'es' },
    });

    const bad = await b.put('/api/auth/profile', { ...profile, locale: 'xx' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({
      fieldErrors: { locale: ApiMessages['validation.localeFromList'] },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.locale).toBe('es');
  });

  it('is kept alone by the language picker’s call, for a signed-in traveller only', async () => {
    const b = browser();
    const { email } = await register(b);
    const saved = await b.put('/api/auth/profile/locale', { locale: 'ar' });
    expect(saved.statusCode).toBe(200);
    expect(body(saved)).toMatchObject({ data: { email, locale: 'ar' } });
    expect((await b.put('/api/auth/profile/locale', { locale: 'klingon' })).statusCode).toBe(400);
    expect((await browser().put('/api/auth/profile/locale', { locale: 'fr' })).statusCode).toBe(
      401,
    );

    // Its next e-mail is in Arabic.
    await browser().post('/api/auth/sign-in-link', { email });
    const { mailer, sent } = keepingMailer();
    await processOutbox(t.database.db, mailer, t.config, t.app.log, receiptAttachments(t.config));
    const link = sent.find((m) => m.to === email && m.subject.includes('رابط'));
    expect(link?.subject).toBe('رابط تسجيل الدخول إلى Waypoint');
    expect(link?.html).toContain('<html lang="ar" dir="rtl">');
  });

  it('of an account created by paying as a guest is the language of that visit', async () => {
    const email = uniqueEmail('guest');
    // A guest whose browser asks for Spanish.
    const guest = browser();
    const send = guest.request.bind(guest);
    guest.request = (options) =>
      send({ ...options, headers: { 'accept-language': 'es-ES,es;q=0.9', ...options.headers } });
    await paidOrder(guest, email);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.locale).toBe('es');
    const confirmation = await lastEmail(t.database.db, email, 'payment-confirmation');
    expect(confirmation?.locale).toBe('es');
    const { mailer, sent } = keepingMailer();
    await processOutbox(t.database.db, mailer, t.config, t.app.log, receiptAttachments(t.config));
    const mail = sent.find((m) => m.to === email && m.subject.startsWith('Pago recibido'));
    expect(mail?.text).toContain('para 1 viajero (Ann1 Lee1). Importe pagado:');
    expect(mail?.html).toContain('<html lang="es">');
  });

  it('writes the status-change email in the account’s language, status name included', async () => {
    const email = uniqueEmail('german');
    const guest = browser();
    const send = guest.request.bind(guest);
    guest.request = (options) =>
      send({ ...options, headers: { 'accept-language': 'de-AT', ...options.headers } });
    const id = await paidOrder(guest, email);
    const [order] = await t.database.db.select().from(applications).where(eq(applications.id, id));
    await changeStatus({
      ctx: t.app.ctx,
      input: {
        application: order!,
        actor: SYSTEM,
        change: { to: 'SUBMITTED', declaration: { confirmed: true, text: 'I confirm.' } },
      },
    });
    const { mailer, sent } = keepingMailer();
    await processOutbox(t.database.db, mailer, t.config, t.app.log, receiptAttachments(t.config));
    const mail = sent.find((m) => m.to === email && m.subject.endsWith(': Eingereicht'));
    expect(mail?.subject).toMatch(/^Bestellung Nr\. [A-Z0-9]{8}: Eingereicht$/);
    expect(mail?.text).toMatch(
      /Der Status Ihrer Bestellung Nr\. [A-Z0-9]{8} lautet jetzt: Eingereicht\./,
    );
    expect(mail?.html).toContain('Meine Bestellungen ansehen');
  });
});
