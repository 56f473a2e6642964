import fs from 'node:fs/promises';
import type { Country, PageQueries, VisaTypesResponse } from '@waypoint/contracts';
import { eq } from 'drizzle-orm';
import { countries } from '../db/schema';
import { Browser, uniqueEmail } from '../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../test/harness';
import { appWithShell, dataInPage, PAGE_TEMPLATE, renderBuildSource } from '../test/render-build';
import { paidOrder } from '../test/orders';

const TEMPLATE = PAGE_TEMPLATE;
const PRERENDERED = '<div id="root"><h1>Trip details</h1><p>Loading…</p></div>';

/**
 * A stand-in for the shell's server build: it draws trip details from the data it is given (the chosen
 * nationality's name and its visa types), in the language it is given, and fails in German.
 */
const RENDERER = renderBuildSource(`
exports.renderForUser = async (url, locale, user, queries) => {
  if (locale === 'de') throw new Error('the render failed');
  const country = queries.getVisaTypes ? queries.getVisaTypes.reply.country.name : 'none';
  const types = (queries.getVisaTypes ? queries.getVisaTypes.reply.visaTypes : []).map((v) => '<option>' + v.name + '</option>').join('');
  return '<title>Trip details</title><h1 data-url="' + url + '" data-user="' + (user ? user.id : '') + '">' + locale + '</h1>' +
    '<p>' + country + ' of ' + (queries.getCountries || []).length + '</p><select>' + types + '</select>';
};
`);

const FILES: Record<string, string> = {
  'shell/index.html': TEMPLATE,
  'shell/pages.json': JSON.stringify({
    template: 'index.html',
    pages: {
      '/application/trip-details': {
        en: 'pages/en/trip-details.html',
        de: 'pages/de/trip-details.html',
      },
    },
    renderer: 'pages/render.cjs',
    mounts: { application: 'apply', orders: 'account', auth: 'account', admin: 'admin' },
  }),
  'shell/pages/en/trip-details.html': TEMPLATE.replace('<div id="root"></div>', PRERENDERED),
  'shell/pages/de/trip-details.html': TEMPLATE.replace('<div id="root"></div>', PRERENDERED),
  'shell/pages/render.cjs': RENDERER,
  'apply/mf-manifest.json': JSON.stringify({ exposes: [] }),
};

/** The data a page carries, parsed; undefined when it carries none. */
const queriesIn = (html: string) =>
  dataInPage(html, 'waypoint-page-queries') as PageQueries | undefined;

let t: TestApp;
let dir: string;
let log: string[];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, dir, log, close } = await appWithShell('waypoint-reference-pages-', FILES));
});
afterAll(() => close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const data = async <T>(url: string) => body<{ data: T }>(await get(url)).data;

/**
 * Trip details once its render with the current reference data is ready (the first request starts it, and a
 * change of the reference data another): asked for with `headers`, or by `load`, until its HTML passes `until`.
 */
async function renderedPage({
  headers = {},
  until = () => true,
  load = () => get('/application/trip-details', headers),
}: {
  headers?: Record<string, string>;
  until?: (html: string) => boolean;
  load?: () => ReturnType<typeof get>;
} = {}) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const page = await load();
    if ((queriesIn(page.body) && until(page.body)) || Date.now() > deadline) return page;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the first step of the wizard, rendered with its reference data', () => {
  it('comes with the countries, the default nationality\u2019s visa types and the first one\u2019s options, drawn and in the page', async () => {
    const page = await renderedPage();
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    // The same for everyone: revalidated, never kept past a change.
    expect(page.headers['cache-control']).toBe('no-cache');
    const countryList = await data<Country[]>('/api/reference/countries');
    const visaTypes = await data<VisaTypesResponse>('/api/reference/visa-types?countryId=US');
    const firstType = visaTypes.visaTypes[0]!;
    // Exactly the replies the page would otherwise ask for, for the nationality it starts from.
    expect(queriesIn(page.body)).toEqual({
      getCountries: countryList,
      getVisaTypes: { countryId: 'US', reply: visaTypes },
      getProcessingOptions: {
        visaTypeId: firstType.id,
        reply: await data(`/api/reference/visa-types/${firstType.id}/options`),
      },
    });
    expect(page.body).toContain(
      `<div id="root"><h1 data-url="/application/trip-details" data-user="">en</h1><p>United States of ${countryList.length}</p>`,
    );
    expect(page.body).toContain(`<option>${firstType.name}</option>`);
    expect(page.body.split('</head>')[0]).toContain('<title>Trip details</title>');
    // Nobody's account is in it, and the area's files are announced as on every page of the area.
    expect(page.body).not.toContain('waypoint-signed-in');
    expect(page.body).toContain('href="/remotes/apply/mf-manifest.json"');

    const again = await get('/application/trip-details', { 'if-none-match': page.headers.etag! });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('is the same page for a signed-in traveller, without their account in it', async () => {
    const b = new Browser(t.app, '10.32.0.1');
    await paidOrder(b, uniqueEmail());
    const page = await renderedPage({ load: () => b.get('/application/trip-details') });
    expect(queriesIn(page.body)?.getCountries).toBeDefined();
    expect(page.body).toContain('data-user=""');
    expect(page.body).not.toContain('waypoint-signed-in');
  });

  it("is in the visitor's language", async () => {
    const page = await renderedPage({ headers: { 'accept-language': 'fr' } });
    expect(page.headers['content-language']).toBe('fr');
    expect(page.body).toContain('<html lang="fr" dir="ltr">');
    expect(page.body).toContain('data-user="">fr</h1>');
  });

  it('follows the reference data when it changes', async () => {
    const rename = (name: string) =>
      t.database.db.update(countries).set({ name }).where(eq(countries.code, 'US'));
    try {
      await rename('United States of America');
      await t.app.referenceCache.refresh();
      const page = await renderedPage({
        until: (html) => html.includes('United States of America'),
      });
      expect(page.body).toContain('<p>United States of America of ');
      expect(queriesIn(page.body)?.getCountries?.find((country) => country.id === 'US')?.name).toBe(
        'United States of America',
      );
    } finally {
      await rename('United States');
      await t.app.referenceCache.refresh();
    }
  });

  it('is the page prerendered at build time when the render fails, and says so in the log', async () => {
    await get('/application/trip-details', { 'accept-language': 'de' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const page = await get('/application/trip-details', { 'accept-language': 'de' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(PRERENDERED);
    expect(queriesIn(page.body)).toBeUndefined();
    expect(log.join('')).toContain('A page could not be rendered on the server');
  });
});

describe('the first step of the wizard while the database is away', () => {
  it('is the page prerendered at build time, not an error', async () => {
    const fresh = await createTestApp({ STATIC_DIR: dir });
    await fresh.database.close();
    try {
      const page = await fresh.app.inject({ method: 'GET', url: '/application/trip-details' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(PRERENDERED);
      expect(queriesIn(page.body)).toBeUndefined();
    } finally {
      await fresh.app.close();
      await fs.rm(fresh.config.dataDir, { recursive: true, force: true });
    }
  });
});
