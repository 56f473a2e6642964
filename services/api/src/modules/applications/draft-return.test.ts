import { eq } from 'drizzle-orm';
import { draftReturnLinks, drafts } from '../../db/schema';
import { Browser, lastEmail, STRONG_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { renderEmail, type EmailMessage } from '../notifications/templates';
import { pruneDrafts } from './drafts.service';

let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.9.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const messageKeyOf = (res: { json(): unknown }) =>
  (res.json() as { messageKey?: string }).messageKey;

type Restored = {
  data: {
    data: {
      countryId: string | null;
      currentStep: number;
      travelers: { firstName: string; passport?: { number: string } }[];
    };
    sessionId: string;
  };
};

const answers = {
  countryId: 'US',
  visaTypeId: 'uk-eta',
  hasPlannedDates: false,
  arrivalDate: null,
  travelers: [
    {
      firstName: 'Ann',
      lastName: 'Lee',
      dateOfBirth: '1990-04-02',
      email: 'ann@example.com',
      passport: {
        nationality: 'US',
        number: 'X1234567',
        expirationDate: '2031-01-31',
        hasSecondNationality: false,
        addLater: false,
      },
    },
  ],
  currentStep: 3,
};

/** A guest who saved the wizard and asked for a link to `email`: the link's token. */
async function savedWithLink(guest: Browser, email = uniqueEmail()) {
  expect((await guest.post('/api/applications/save', answers)).statusCode).toBe(200);
  const res = await guest.post('/api/drafts/return-link', { email });
  expect(res.statusCode).toBe(200);
  const mail = await lastEmail(t.database.db, email, 'draft-return-link');
  const token = (mail!.payload as { token: string }).token;
  return { res, email, token, mail: mail! };
}

describe('save and come back later', () => {
  it('emails a link in the visit’s language that works in another browser, once', async () => {
    const guest = browser();
    await guest.post('/api/applications/save', answers);
    const email = uniqueEmail();
    const res = await guest.request({
      method: 'POST',
      url: '/api/drafts/return-link',
      payload: { email: email.toUpperCase() },
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(res.statusCode).toBe(200);
    const sent = body<{ data: { sent: true; email: string; expiresAt: string } }>(res).data;
    expect(sent.email).toBe(email);
    const days = (Date.parse(sent.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await lastEmail(t.database.db, email, 'draft-return-link');
    expect(mail!.locale).toBe('fr');
    const token = (mail!.payload as { token: string }).token;
    // Only the token's hash is stored.
    const links = await t.database.db.select().from(draftReturnLinks);
    expect(JSON.stringify(links)).not.toContain(token);
    const rendered = renderEmail(
      { template: 'draft-return-link', payload: mail!.payload } as EmailMessage,
      'https://w.example',
      'fr',
    );
    expect(rendered.subject).toBe('Reprenez votre demande Waypoint');

    // Another browser (another cookie jar) starts empty, then follows the link.
    const other = browser();
    expect(body<Restored>(await other.get('/api/applications/session-data')).data.data).toBeNull();
    const claim = await other.post('/api/drafts/return', { token });
    expect(claim.statusCode).toBe(200);
    const restored = body<Restored>(claim).data;
    expect(restored.data.currentStep).toBe(3);
    expect(restored.data.travelers[0]!.firstName).toBe('Ann');
    expect(restored.data.travelers[0]!.passport?.number).toBe('X1234567');
    // The new browser now has it as its own, and saves to it.
    const loaded = body<Restored>(await other.get('/api/applications/session-data')).data;
    expect(loaded.sessionId).toBe(restored.sessionId);
    await other.post('/api/applications/save', { ...answers, currentStep: 4 });
    const [row] = await t.database.db
      .select()
      .from(drafts)
      .where(eq(drafts.id, restored.sessionId));
    expect(row!.currentStep).toBe(4);
    // The first browser no longer has it.
    expect(body<Restored>(await guest.get('/api/applications/session-data')).data.data).toBeNull();

    const again = await browser().post('/api/drafts/return', { token });
    expect(again.statusCode).toBe(410);
    expect(messageKeyOf(again)).toBe('draftReturn.linkUsed');
    expect((again.json() as { error: string }).error).toMatch(/^This link has already been used/);
  });

  it('renders the link and its expiry in the email', () => {
    const message: EmailMessage = {
      template: 'draft-return-link',
      payload: { token: 'tok-1', expiresAt: '2026-12-06T09:30:00.000Z' },
    };
    const en = renderEmail(message, 'https://w.example', 'en');
    expect(en.text).toContain('https://w.example/application/return/tok-1');
    expect(en.text).toContain('6 December 2026');
    expect(en.html).toContain('href="https://w.example/application/return/tok-1"');
    const ar = renderEmail(message, 'https://w.example', 'ar');
    expect(ar.html).toContain('dir="rtl"');
  });

  it('answers 404 when there is no saved application', async () => {
    const res = await browser().post('/api/drafts/return-link', { email: uniqueEmail() });
    expect(res.statusCode).toBe(404);
    expect(messageKeyOf(res)).toBe('draftReturn.noDraft');
  });

  it('refuses an unknown link and a link that expired', async () => {
    const unknown = await browser().post('/api/drafts/return', { token: 'no-such-link' });
    expect(unknown.statusCode).toBe(404);
    expect(messageKeyOf(unknown)).toBe('draftReturn.linkNotFound');

    const { token } = await savedWithLink(browser());
    // The clock moves past the link's expiry.
    await t.database.db.update(draftReturnLinks).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await browser().post('/api/drafts/return', { token });
    expect(expired.statusCode).toBe(410);
    expect(messageKeyOf(expired)).toBe('draftReturn.linkExpired');
    expect((expired.json() as { error: string }).error).toMatch(/^This link has expired/);

    // The retention job removes it.
    await pruneDrafts({ ctx: t.app.ctx });
    expect(await t.database.db.select().from(draftReturnLinks)).toHaveLength(0);
  });

  it('replaces an older link with a newer one', async () => {
    const guest = browser();
    const first = await savedWithLink(guest);
    const second = await savedWithLink(guest, first.email);
    expect(second.token).not.toBe(first.token);
    expect(messageKeyOf(await browser().post('/api/drafts/return', { token: first.token }))).toBe(
      'draftReturn.linkNotFound',
    );
    expect((await browser().post('/api/drafts/return', { token: second.token })).statusCode).toBe(
      200,
    );
  });

  it('lets exactly one of two claims at once succeed', async () => {
    const { token } = await savedWithLink(browser());
    const [a, b] = [browser(), browser()];
    const results = await Promise.all([
      a.post('/api/drafts/return', { token }),
      b.post('/api/drafts/return', { token }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    const loser = results.find((r) => r.statusCode === 410)!;
    expect(messageKeyOf(loser)).toBe('draftReturn.linkUsed');
    const sessions = await Promise.all(
      [a, b].map(async (x) => body<Restored>(await x.get('/api/applications/session-data')).data),
    );
    expect(sessions.filter((s) => s.data !== null)).toHaveLength(1);
  });

  it('brings a signed-in traveller’s draft to another browser and to whoever signs in there', async () => {
    const email = uniqueEmail();
    const traveller = browser();
    await traveller.post('/api/auth/register', {
      firstName: 'Una',
      lastName: 'Ray',
      email,
      password: STRONG_PASSWORD,
    });
    const { token } = await savedWithLink(traveller, email);
    // A guest browser with a draft of its own: the link's draft takes its place.
    const other = browser();
    await other.post('/api/applications/save', { travelers: [{ firstName: 'Old' }] });
    const claim = await other.post('/api/drafts/return', { token });
    expect(claim.statusCode).toBe(200);
    expect(body<Restored>(claim).data.data.travelers[0]!.firstName).toBe('Ann');
    // The account keeps it too.
    const mine = body<Restored>(await traveller.get('/api/applications/session-data')).data;
    expect(mine.sessionId).toBe(body<Restored>(claim).data.sessionId);
  });

  it('is deleted with its draft', async () => {
    const guest = browser();
    const { token } = await savedWithLink(guest);
    await t.database.db.update(drafts).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await browser().post('/api/drafts/return', { token });
    expect(messageKeyOf(expired)).toBe('draftReturn.linkExpired');
    await pruneDrafts({ ctx: t.app.ctx });
    expect(await t.database.db.select().from(draftReturnLinks)).toHaveLength(0);
  });

  it('limits the links sent to one address', async () => {
    const guest = browser();
    await guest.post('/api/applications/save', answers);
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await guest.post('/api/drafts/return-link', { email })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('checks the address', async () => {
    const res = await browser().post('/api/drafts/return-link', { email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { fieldErrors?: Record<string, string> }).fieldErrors?.email).toBe(
      'Valid email is required',
    );
  });
});
