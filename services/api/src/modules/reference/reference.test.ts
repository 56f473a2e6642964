import zlib from 'node:zlib';
import type { Country, ProcessingOption, VisaTypesResponse } from '@waypoint/contracts';
import { eq, sql } from 'drizzle-orm';
import { countries, seedVersions } from '../../db/schema';
import { body, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/reference/countries', () => {
  it('lists every ISO 3166 country (and Kosovo) with its flag, sorted by name', async () => {
    const res = await get('/api/reference/countries');
    expect(res.statusCode).toBe(200);
    const { data } = body<{ data: Country[] }>(res);
    expect(data).toHaveLength(250);
    expect(data[0]).toEqual({
      id: 'AF',
      name: 'Afghanistan',
      flagEmoji: '🇦🇫',
      entryRule: 'VISA',
      ruleNote: null,
    });
    const us = data.find((c) => c.id === 'US');
    expect(us).toMatchObject({ name: 'United States', flagEmoji: '🇺🇸', entryRule: 'ETA' });
    expect(data.find((c) => c.id === 'XK')).toMatchObject({ name: 'Kosovo', entryRule: 'VISA' });
    expect(data.filter((c) => c.entryRule === 'ETA')).toHaveLength(84);
    expect(
      data
        .filter((c) => c.entryRule === 'NONE')
        .map((c) => c.id)
        .sort(),
    ).toEqual(['GB', 'IE']);
    const names = data.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
  });

  it('sends an ETag and answers 304 to a revalidation', async () => {
    const first = await get('/api/reference/countries');
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    const again = await get('/api/reference/countries', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);
  });

  it('sends JSON with a strong ETag that stays the same while the data does', async () => {
    const first = await get('/api/reference/countries');
    const second = await get('/api/reference/countries');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(second.headers.etag).toBe(tag);
    expect(second.body).toBe(first.body);
  });

  it('answers 304 when the ETag is one of a list or in its weak form, 200 otherwise', async () => {
    const tag = (await get('/api/reference/countries')).headers.etag as string;
    for (const header of [`"other", ${tag}`, `W/${tag}`, '*']) {
      const res = await get('/api/reference/countries', { 'if-none-match': header });
      expect(res.statusCode).toBe(304);
      expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    }
    const stale = await get('/api/reference/countries', { 'if-none-match': '"stale", W/"old"' });
    expect(stale.statusCode).toBe(200);
    expect(body<{ data: Country[] }>(stale).data).toHaveLength(250);
  });
});

describe('compressed reference data', () => {
  it('sends the Brotli and gzip forms made once, each with its own strong ETag, and revalidates any of them', async () => {
    const plain = await get('/api/reference/countries');
    const br = await get('/api/reference/countries', { 'accept-encoding': 'gzip;q=0.5, br' });
    const gz = await get('/api/reference/countries', { 'accept-encoding': 'gzip, br;q=0' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(zlib.gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    const tags = [plain, br, gz].map((r) => r.headers.etag as string);
    expect(new Set(tags).size).toBe(3);
    for (const r of [plain, br, gz]) expect(r.headers.vary).toMatch(/accept-encoding/i);
    // The same bytes every time: made once, not per request.
    const again = await get('/api/reference/countries', { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    // A browser that cached one form revalidates with its tag under any encoding.
    for (const tag of tags) {
      const res = await get('/api/reference/countries', {
        'accept-encoding': 'br',
        'if-none-match': tag,
      });
      expect(res.statusCode).toBe(304);
    }
    const identity = await get('/api/reference/countries', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });
});

describe('GET /api/reference/visa-types', () => {
  it('offers United States citizens the UK ETA, valid for 2 years, priced in euros at the stored rate', async () => {
    const res = await get('/api/reference/visa-types?countryId=US');
    expect(res.statusCode).toBe(200);
    const { data } = body<{ data: VisaTypesResponse }>(res);
    expect(data.entryRule).toBe('ETA');
    expect(data.visaTypes).toEqual([
      {
        id: 'uk-eta',
        name: 'United Kingdom ETA',
        kind: 'ETA',
        badge: 'ETA required',
        validityPeriod: '2 years or until the passport expires',
        entryType: 'Multiple entries',
        maxStayDuration: 'Up to 6 months per visit',
        governmentFeeGbpPence: 2000,
        governmentFeeCents: 2290,
        exchangeRate: { base: 'GBP', quote: 'EUR', rate: '1.1450', date: '2026-11-02' },
      },
    ]);
  });

  it('offers Indian citizens the Standard Visitor visas', async () => {
    const { data } = body<{ data: VisaTypesResponse }>(
      await get('/api/reference/visa-types?countryId=in'),
    );
    expect(data.country?.name).toBe('India');
    expect(data.entryRule).toBe('VISA');
    expect(data.visaTypes.map((v) => [v.id, v.badge, v.governmentFeeGbpPence])).toEqual([
      ['uk-visitor-6m', 'Visa required', 13500],
      ['uk-visitor-2y', 'Visa required', 50600],
      ['uk-visitor-5y', 'Visa required', 90300],
      ['uk-visitor-10y', 'Visa required', 112800],
    ]);
  });

  it('tells British and Irish citizens that they need nothing', async () => {
    for (const [code, text] of [
      ['GB', 'British citizens do not need an ETA or a visa to enter the United Kingdom.'],
      ['IE', 'Irish citizens do not need an ETA or a visa to enter the United Kingdom.'],
    ] as const) {
      const { data } = body<{ data: VisaTypesResponse }>(
        await get(`/api/reference/visa-types?countryId=${code}`),
      );
      expect(data).toMatchObject({ entryRule: 'NONE', notice: text, visaTypes: [] });
    }
  });

  it('explains the visa requirement of nationalities that moved off the ETA list', async () => {
    const { data } = body<{ data: VisaTypesResponse }>(
      await get('/api/reference/visa-types?countryId=CO'),
    );
    expect(data.entryRule).toBe('VISA');
    expect(data.notice).toContain('26 November 2024');
    expect(data.visaTypes.length).toBe(4);
  });

  it('lists every visa type when no country is given', async () => {
    const { data } = body<{ data: VisaTypesResponse }>(await get('/api/reference/visa-types'));
    expect(data.entryRule).toBeNull();
    expect(data.visaTypes).toHaveLength(5);
  });

  it('answers 404 for an unknown country and 400 for a malformed one', async () => {
    const unknown = await get('/api/reference/visa-types?countryId=ZZ');
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      error: "We do not know the country 'ZZ'",
    });
    const malformed = await get('/api/reference/visa-types?countryId=USA');
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { countryId: 'Country must be a two-letter country code' },
    });
  });
});

describe('GET /api/reference/visa-types/:id/options', () => {
  it('returns the priced processing options of the ETA, fastest last', async () => {
    const res = await get('/api/reference/visa-types/uk-eta/options');
    expect(res.statusCode).toBe(200);
    const { data } = body<{ data: ProcessingOption[] }>(res);
    expect(data.map((o) => [o.id, o.name, o.priceCents, o.hours])).toEqual([
      ['uk-eta-standard', 'Standard', 2900, 72],
      ['uk-eta-express', 'Express', 4900, 24],
      ['uk-eta-super-urgent', 'Super urgent', 8900, 4],
    ]);
    expect(data[0]).toMatchObject({
      visaTypeId: 'uk-eta',
      description: 'Checked and submitted within 72 hours',
    });
  });

  it('returns the visitor visa options', async () => {
    const { data } = body<{ data: ProcessingOption[] }>(
      await get('/api/reference/visa-types/uk-visitor-2y/options'),
    );
    expect(data.map((o) => o.id)).toEqual([
      'uk-visitor-2y-standard',
      'uk-visitor-2y-express',
      'uk-visitor-2y-super-urgent',
    ]);
  });

  it('revalidates visa types and options with their own ETags', async () => {
    for (const url of [
      '/api/reference/visa-types?countryId=US',
      '/api/reference/visa-types',
      '/api/reference/visa-types/uk-eta/options',
    ]) {
      const first = await get(url);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      const again = await get(url, { 'if-none-match': first.headers.etag as string });
      expect(again.statusCode).toBe(304);
    }
    const us = (await get('/api/reference/visa-types?countryId=US')).headers.etag;
    const india = (await get('/api/reference/visa-types?countryId=IN')).headers.etag;
    expect(us).not.toBe(india);
  });

  it('answers 404 for an unknown visa type', async () => {
    const res = await get('/api/reference/visa-types/nope/options');
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ error: "We do not know the visa type 'nope'" });
  });
});

describe('reloading the reference data', () => {
  const renameUs = (name: string) =>
    t.database.db.update(countries).set({ name }).where(eq(countries.code, 'US'));
  const usName = async () => {
    const res = await get('/api/reference/visa-types?countryId=US');
    return {
      name: body<{ data: VisaTypesResponse }>(res).data.country?.name,
      etag: res.headers.etag,
    };
  };
  afterEach(() => renameUs('United States'));

  it('serves the data it loaded until it is refreshed, then the new data with a new ETag', async () => {
    const before = await get('/api/reference/countries');
    await renameUs('United States of America');
    expect((await get('/api/reference/countries')).body).toBe(before.body);

    await t.app.referenceCache.refresh();
    const after = await get('/api/reference/countries');
    expect(body<{ data: Country[] }>(after).data.find((c) => c.id === 'US')?.name).toBe(
      'United States of America',
    );
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const revalidated = await get('/api/reference/countries', {
      'if-none-match': before.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(200);
    expect((await usName()).name).toBe('United States of America');
  });

  it('reloads when the seed notifies a change', async () => {
    await t.app.referenceCache.start();
    const before = await usName();
    await renameUs('USA');
    await t.database.db.execute(sql`notify reference_changed`);
    const deadline = Date.now() + 5000;
    while ((await usName()).name !== 'USA' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const after = await usName();
    expect(after.name).toBe('USA');
    expect(after.etag).not.toBe(before.etag);
    await t.app.referenceCache.stop();
  });

  it('reloads when the applied seed version changes', async () => {
    await renameUs('The United States');
    await t.app.referenceCache.checkVersion();
    expect((await usName()).name).not.toBe('The United States');

    await t.database.db
      .update(seedVersions)
      .set({ version: 'edited' })
      .where(eq(seedVersions.name, 'reference-data'));
    await t.app.referenceCache.checkVersion();
    const deadline = Date.now() + 5000;
    while ((await usName()).name !== 'The United States' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await usName()).name).toBe('The United States');
  });

  it('builds the snapshot once for concurrent first requests', async () => {
    const fresh = await createTestApp();
    try {
      expect(fresh.app.referenceCache.current).toBeNull();
      const [a, b, c] = await Promise.all([
        fresh.app.referenceCache.get(),
        fresh.app.referenceCache.get(),
        fresh.app.referenceCache.get(),
      ]);
      expect(b).toBe(a);
      expect(c).toBe(a);
    } finally {
      await fresh.close();
    }
  });
});
