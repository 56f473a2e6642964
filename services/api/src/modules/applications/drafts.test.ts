import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { drafts } from '../../db/schema';
import { Browser, STRONG_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { findDraft, upsertDraft } from './drafts.repo';
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

describe('saves arriving together', () => {
  type Saved = { data: { sessionId: string; savedAt: string } };
  const names = (loaded: Loaded['data']['data']) => loaded.travelers.map((x) => x.firstName);

  it("keep every browser's own draft, a signed-in traveller's beside guests'", async () => {
    const guests = Array.from({ length: 12 }, () => browser());
    const traveller = browser();
    await traveller.post('/api/auth/register', {
      firstName: 'Una',
      lastName: 'Ray',
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
    });
    const everyone = [...guests, traveller];
    // Each browser's first save makes its session; the next saves all arrive at once.
    await Promise.all(everyone.map((b) => b.post('/api/applications/save', { currentStep: 1 })));
    const saved = await Promise.all(
      everyone.map((b, i) =>
        b.post('/api/applications/save', { travelers: [{ firstName: `T${i}` }], currentStep: 2 }),
      ),
    );
    expect(saved.map((res) => res.statusCode)).toEqual(everyone.map(() => 200));
    const ids = saved.map((res) => body<Saved>(res).data.sessionId);
    expect(new Set(ids).size).toBe(everyone.length);
    for (const res of saved) expect(Date.parse(body<Saved>(res).data.savedAt)).not.toBeNaN();

    const loaded = await Promise.all(everyone.map((b) => b.get('/api/applications/session-data')));
    expect(loaded.map((res) => names(body<Loaded>(res).data.data))).toEqual(
      everyone.map((_, i) => [`T${i}`]),
    );
    const [row] = await t.database.db
      .select()
      .from(drafts)
      .where(eq(drafts.id, ids.at(-1)!));
    expect(row!.userId).not.toBeNull();
  });

  it('of one browser keep the last one sent, and answer each of them', async () => {
    const b = browser();
    await b.post('/api/applications/save', { currentStep: 1 });
    const saves = await Promise.all(
      ['First', 'Second', 'Third'].map((firstName, i) =>
        b.post('/api/applications/save', { travelers: [{ firstName }], currentStep: i + 1 }),
      ),
    );
    expect(saves.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(saves.map((res) => body<Saved>(res).data.sessionId)).size).toBe(1);
    const loaded = body<Loaded>(await b.get('/api/applications/session-data')).data.data;
    expect(names(loaded)).toEqual(['Third']);
  });

  it('fail only the save that cannot be written', async () => {
    const values = (firstName: string) => ({
      data: { travelers: [{ firstName }] },
      currentStep: 2,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const results = await Promise.allSettled([
      upsertDraft(t.database.db, { sessionHash: 'a'.repeat(64) }, values('Ann')),
      // An account deleted between its request's sign-in check and its save.
      upsertDraft(t.database.db, { userId: randomUUID() }, values('Gone')),
      upsertDraft(t.database.db, { sessionHash: 'b'.repeat(64) }, values('Bob')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const ann = await findDraft(t.database.db, { sessionHash: 'a'.repeat(64) });
    const bob = await findDraft(t.database.db, { sessionHash: 'b'.repeat(64) });
    expect([ann?.data, bob?.data]).toEqual([
      { travelers: [{ firstName: 'Ann' }] },
      { travelers: [{ firstName: 'Bob' }] },
    ]);
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
