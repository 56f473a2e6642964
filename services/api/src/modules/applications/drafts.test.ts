import { eq, sql } from 'drizzle-orm';
import { drafts } from '../../db/schema';
import { Browser, STRONG_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { pruneDrafts } from './drafts.service';

let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.7.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const passport = (number: string) => ({
  nationality: 'US',
  number,
  expirationDate: '2031-01-31',
  hasSecondNationality: false,
  addLater: false,
});

type Loaded = {
  data: { data: { travelers: { firstName: string; passport?: { number: string } }[] } };
};

describe('saved drafts', () => {
  it('keep passport numbers encrypted and give them back to their owner', async () => {
    const b = browser();
    const saved = await b.post('/api/applications/save', {
      travelers: [
        { firstName: 'Ann', passport: passport('X1234567') },
        { firstName: 'Bob', passport: passport('') },
        { firstName: 'Cy' },
      ],
      currentStep: 3,
    });
    expect(saved.statusCode).toBe(200);
    const { sessionId } = body<{ data: { sessionId: string } }>(saved).data;

    const [row] = await t.database.db.select().from(drafts).where(eq(drafts.id, sessionId));
    const stored = JSON.stringify(row!.data);
    expect(stored).not.toContain('X1234567');
    expect(stored).toMatch(/"numberEncrypted":"v1\./);

    const loaded = body<Loaded>(await b.get('/api/applications/session-data')).data.data;
    expect(loaded.travelers.map((x) => x.passport?.number)).toEqual(['X1234567', '', undefined]);
    expect(JSON.stringify(loaded)).not.toContain('numberEncrypted');
  });

  it('still read a draft saved with the number in clear', async () => {
    const b = browser();
    const saved = await b.post('/api/applications/save', { travelers: [{ firstName: 'Ann' }] });
    const { sessionId } = body<{ data: { sessionId: string } }>(saved).data;
    // A draft as it was stored before numbers were encrypted.
    await t.database.db
      .update(drafts)
      .set({
        data: sql`${JSON.stringify({
          countryId: 'US',
          visaTypeId: 'uk-eta',
          arrivalDate: null,
          hasPlannedDates: false,
          travelers: [
            { firstName: 'Ann', lastName: 'Lee', dateOfBirth: '', passport: passport('Y7654321') },
          ],
          selectedProcessingOption: null,
          currentStep: 3,
        })}::jsonb`,
      })
      .where(eq(drafts.id, sessionId));
    const loaded = body<Loaded>(await b.get('/api/applications/session-data')).data.data;
    expect(loaded.travelers[0]!.passport?.number).toBe('Y7654321');

    // Saved again, it is encrypted from then on.
    await b.post('/api/applications/save', loaded);
    const [row] = await t.database.db.select().from(drafts).where(eq(drafts.id, sessionId));
    expect(JSON.stringify(row!.data)).not.toContain('Y7654321');
  });
});

describe('my saved application', () => {
  const signedIn = async () => {
    const b = browser();
    const email = uniqueEmail();
    const res = await b.post('/api/auth/register', {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      password: STRONG_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    return b;
  };
  type Summary = { data: { draft: Record<string, unknown> | null } };

  it("is summed up for its signed-in owner, with the saved step's page and without passport data", async () => {
    const b = await signedIn();
    expect(body<Summary>(await b.get('/api/applications/my-draft')).data.draft).toBeNull();

    await b.post('/api/applications/save', {
      countryId: 'US',
      visaTypeId: 'uk-eta',
      hasPlannedDates: false,
      travelers: [
        { firstName: 'Ann', lastName: 'Lee', passport: passport('X1234567') },
        { firstName: '', lastName: '' },
      ],
      currentStep: 3,
    });
    const res = await b.get('/api/applications/my-draft');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { draft } = body<Summary>(res).data;
    expect(draft).toMatchObject({
      currentStep: 3,
      resumePath: '/application/passport-info',
      visaType: { id: 'uk-eta', name: 'United Kingdom ETA' },
      country: { id: 'US', name: 'United States' },
      travelerCount: 2,
      travelerNames: ['Ann Lee'],
    });
    expect(Date.parse(draft!.expiresAt as string)).toBeGreaterThan(Date.now());
    expect(res.body).not.toContain('X1234567');
    expect(res.body).not.toContain('numberEncrypted');
  });

  it("is nobody else's: another account, a guest draft of the same browser, and no session", async () => {
    const owner = await signedIn();
    await owner.post('/api/applications/save', { countryId: 'US', currentStep: 2 });
    const other = await signedIn();
    expect(body<Summary>(await other.get('/api/applications/my-draft')).data.draft).toBeNull();

    const guest = browser();
    await guest.post('/api/applications/save', { countryId: 'US', currentStep: 2 });
    const anonymous = await guest.get('/api/applications/my-draft');
    expect(anonymous.statusCode).toBe(401);
  });

  it('leaves out an expired draft', async () => {
    const b = await signedIn();
    const saved = await b.post('/api/applications/save', { countryId: 'US', currentStep: 2 });
    const { sessionId } = body<{ data: { sessionId: string } }>(saved).data;
    await t.database.db
      .update(drafts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(drafts.id, sessionId));
    expect(body<Summary>(await b.get('/api/applications/my-draft')).data.draft).toBeNull();
  });

  it('is deleted once expired, and the browser starts afresh, while a live draft stays', async () => {
    const expired = browser();
    const live = browser();
    const gone = await expired.post('/api/applications/save', { countryId: 'US', currentStep: 2 });
    await live.post('/api/applications/save', { countryId: 'FR', currentStep: 3 });
    const { sessionId } = body<{ data: { sessionId: string } }>(gone).data;
    await t.database.db
      .update(drafts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(drafts.id, sessionId));

    expect(await pruneDrafts({ ctx: t.app.ctx })).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(drafts).where(eq(drafts.id, sessionId))).toEqual([]);
    const afresh = body<Loaded>(await expired.get('/api/applications/session-data')).data;
    expect(afresh).toEqual({ data: null, sessionId: null });
    const kept = body<{ data: { data: { countryId: string; currentStep: number } } }>(
      await live.get('/api/applications/session-data'),
    ).data.data;
    expect(kept).toMatchObject({ countryId: 'FR', currentStep: 3 });
  });
});
