import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { LOCALE_COOKIE } from '@waypoint/contracts';
import { body, createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let staticDir: string;
/** The sibling files as written, so a test can tell they (not a compression of each reply) were sent. */
const siblings = new Map<string, Buffer>();

const PAGE = '<!doctype html><title>Waypoint</title><div id="root"></div>';
const SHELL_JS = `console.log("shell");\n${'export const label = "Apply for a UK ETA";\n'.repeat(40)}`;
const REMOTE_ENTRY = 'var apply = {}';
/** The shell's committed icons and web app manifest, copied into its build output as they are. */
const SHELL_PUBLIC = path.resolve(__dirname, '../../../../shell/public');
const FLAG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480"><path fill="#fff" d="M0 0h640v480H0z"/></svg>';

/** Files the production build writes as `.br` and `.gz` siblings too, like the webpack build does. */
const PRECOMPRESSED: Record<string, string> = {
  'shell/index.html': PAGE,
  'shell/main.0123456789.js': SHELL_JS,
  'apply/remoteEntry.js': REMOTE_ENTRY,
};

beforeAll(async () => {
  staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-static-'));
  const files: Record<string, string | Buffer> = {
    ...PRECOMPRESSED,
    'shell/robots.txt': 'User-agent: *',
    'apply/mf-manifest.json': '{"name":"apply"}',
    'apply/412.abcdef0123.js': 'chunk()',
    'account/remoteEntry.js': 'var account = {}',
    'shell/flags/fr.svg': FLAG,
    'shell/flags/fr.svg.br': zlib.brotliCompressSync(FLAG),
  };
  for (const name of [
    'favicon.svg',
    'favicon-32.png',
    'apple-touch-icon.png',
    'manifest.webmanifest',
  ]) {
    files[`shell/${name}`] = await fs.readFile(path.join(SHELL_PUBLIC, name));
  }
  for (const [name, content] of Object.entries(PRECOMPRESSED)) {
    siblings.set(`${name}.br`, zlib.brotliCompressSync(content));
    siblings.set(`${name}.gz`, zlib.gzipSync(content, { level: 9 }));
  }
  Object.assign(files, Object.fromEntries(siblings));
  // A chunk the build wrote only a gzip sibling for.
  files['apply/412.abcdef0123.js.gz'] = zlib.gzipSync('chunk()');
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(staticDir, name)), { recursive: true });
    await fs.writeFile(path.join(staticDir, name), content);
  }
  t = await createTestApp({
    STATIC_DIR: staticDir,
    REMOTE_ADMIN_URL: 'https://staff.example.com/admin/mf-manifest.json',
  });
});
afterAll(async () => {
  await t.close();
  await fs.rm(staticDir, { recursive: true, force: true });
});

const extension = (encoding: string) => (encoding === 'br' ? 'br' : 'gz');

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** The body as the browser reads it once it has undone the content encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.body;
}

describe('serving the front ends', () => {
  it('serves the shell page at / and for every page route, revalidated, with the page CSP', async () => {
    for (const url of [
      '/',
      '/application/trip-details',
      '/auth/verify?token=abc',
      '/orders',
      '/admin/applications',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    // Where the staff area is deployed is only in the policy of its own pages (security-headers.test.ts).
    expect((await get('/orders')).headers['content-security-policy']).not.toContain(
      'staff.example.com',
    );
  });

  it('gives hashed assets long-lived immutable caching and stable names revalidation', async () => {
    const hashed = await get('/main.0123456789.js');
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const chunk = await get('/remotes/apply/412.abcdef0123.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await get('/remotes/apply/remoteEntry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toBe('var apply = {}');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/remotes/apply/mf-manifest.json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'apply' });
  });

  it('serves the favicon, app icons and web app manifest with their content types', async () => {
    const svg = await get('/favicon.svg', { accept: 'image/*' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(decoded(svg)).toContain('<svg');
    const png = await get('/favicon-32.png', { accept: 'image/*' });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    // A PNG of 32×32 pixels: the width and height of its header.
    expect(png.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.rawPayload.readUInt32BE(16), png.rawPayload.readUInt32BE(20)]).toEqual([32, 32]);
    const touch = await get('/apple-touch-icon.png', { accept: 'image/*' });
    expect([touch.rawPayload.readUInt32BE(16), touch.rawPayload.readUInt32BE(20)]).toEqual([
      180, 180,
    ]);

    const manifest = await get('/manifest.webmanifest', { accept: '*/*' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(manifest.body)).toMatchObject({
      short_name: 'Waypoint',
      start_url: '/',
      theme_color: '#0a4a80',
      icons: expect.arrayContaining([
        expect.objectContaining({ src: '/icon-192.png', sizes: '192x192' }),
        expect.objectContaining({ src: '/icon-512.png', sizes: '512x512' }),
      ]),
    });
  });

  it('serves flag images compressed, with a long cache', async () => {
    const res = await get('/flags/fr.svg', { accept: 'image/*', 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(decoded(res)).toBe(FLAG);
    expect(res.headers['cache-control']).toBe(
      'public, max-age=2592000, stale-while-revalidate=86400',
    );
    expect((await get('/flags/zz.svg', { accept: 'image/*' })).statusCode).toBe(404);
  });

  it("tells the shell where the travellers' remotes live, from configuration, and not the staff area", async () => {
    const res = await get('/remotes.json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(body(res)).toEqual({
      apply: '/remotes/apply/mf-manifest.json',
      account: '/remotes/account/mf-manifest.json',
    });
  });

  it('answers a real 404, not the page, for missing files, remote assets and API routes', async () => {
    for (const url of [
      '/remotes/apply/missing.js',
      '/remotes/admin/remoteEntry.js',
      '/favicon.ico',
      '/api/missing',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(body(res)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('never serves files outside the bundle folders', async () => {
    for (const url of [
      '/../package.json',
      '/remotes/apply/../../shell/index.html',
      '/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await get(url);
      expect(res.body).not.toContain('"name"');
      expect(res.body).not.toContain('root:');
    }
  });
});

describe('sending the front ends compressed', () => {
  it.each(['br', 'gzip'])(
    'sends a hashed asset as its %s sibling, cached for a year, decoding to the file',
    async (encoding) => {
      const res = await get('/main.0123456789.js', { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SHELL_JS));
      expect(
        res.rawPayload.equals(siblings.get(`shell/main.0123456789.js.${extension(encoding)}`)!),
      ).toBe(true);
      expect(decoded(res)).toBe(SHELL_JS);
    },
  );

  it('prefers Brotli and falls back to gzip when only that sibling exists', async () => {
    const both = await get('/main.0123456789.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(both.headers['content-encoding']).toBe('br');
    const gzipOnly = await get('/remotes/apply/412.abcdef0123.js', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(gzipOnly.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(gzipOnly)).toBe('chunk()');
  });

  it('sends the file as it is to a client that accepts no encoding, still varying on it', async () => {
    const res = await get('/main.0123456789.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SHELL_JS);
  });

  it('keeps revalidation for the stable names when they are sent compressed', async () => {
    const res = await get('/remotes/apply/remoteEntry.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res)).toBe(REMOTE_ENTRY);
  });

  it.each(['br', 'gzip'])(
    'sends the page of every app route compressed as %s',
    async (encoding) => {
      for (const url of ['/', '/application/trip-details', '/orders']) {
        const res = await get(url, { 'accept-encoding': encoding });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(decoded(res)).toBe(PAGE);
      }
    },
  );

  it('does not serve the compressed page files by their own names', async () => {
    for (const url of ['/index.html', '/index.html.br', '/index.html.gz']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('pages prerendered by the build', () => {
  let built: TestApp;
  let builtDir: string;

  const HOME =
    '<!doctype html><html><head><title>Home</title></head><body><div id="root"><h1>Apply</h1></div></body></html>';
  const TRIP =
    '<!doctype html><html><head><title>Trip</title></head><body><div id="root"><h1>Trip details</h1></div></body></html>';
  const TEMPLATE =
    '<!doctype html><html lang="en-GB"><head><title>Waypoint</title></head><body><div id="root"></div></body></html>';
  const ORDERS =
    '<!doctype html><html><head><title>My orders</title></head><body><div id="root"><h1>My orders</h1></div></body></html>';
  const HELP_CONTACT =
    '<!doctype html><html><head><title>Contact</title></head><body><div id="root"><a href="mailto:support@waypoint.localhost">support@waypoint.localhost</a></div></body></html>';
  const HOME_FR =
    '<!doctype html><html lang="en-GB"><head><title>Accueil</title></head><body><div id="root"><h1>Demander</h1></div></body></html>';
  const HOME_AR =
    '<!doctype html><html lang="en-GB"><head><title>الرئيسية</title></head><body><div id="root"><h1>قدّم طلبك</h1></div></body></html>';

  beforeAll(async () => {
    builtDir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-pages-'));
    const files: Record<string, string> = {
      'shell/index.html': TEMPLATE,
      'shell/pages/en/home.html': HOME,
      'shell/pages/fr/home.html': HOME_FR,
      'shell/pages/ar/home.html': HOME_AR,
      'shell/pages/en/trip-details.html': TRIP,
      'shell/pages/en/help-contact.html': HELP_CONTACT,
      'shell/pages/en/orders.html': ORDERS,
      'shell/boot.json': JSON.stringify({ scripts: ['/470.aaaaaaaaaa.js', '/649.bbbbbbbbbb.js'] }),
      'shell/pages.json': JSON.stringify({
        template: 'index.html',
        pages: {
          '/': { en: 'pages/en/home.html', fr: 'pages/fr/home.html', ar: 'pages/ar/home.html' },
          '/application/trip-details': { en: 'pages/en/trip-details.html' },
          '/help/contact': { en: 'pages/en/help-contact.html' },
          '/orders': { en: 'pages/en/orders.html' },
        },
        mounts: { application: 'apply', upload: 'apply', orders: 'account', admin: 'admin' },
      }),
      'apply/mf-manifest.json': JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          {
            path: './routes',
            assets: {
              js: {
                sync: ['241.aaaaaaaaaa.js', 'routes.bbbbbbbbbb.js'],
                async: ['9.cccccccccc.js'],
              },
              css: { sync: ['routes.dddddddddd.css'], async: [] },
            },
          },
        ],
      }),
      'account/mf-manifest.json': JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ path: './routes', assets: { js: { sync: ['acc.eeeeeeeeee.js'] } } }],
      }),
      'admin/mf-manifest.json': JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ path: './routes', assets: { js: { sync: ['adm.ffffffffff.js'] } } }],
      }),
    };
    for (const [name, content] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(builtDir, name)), { recursive: true });
      await fs.writeFile(path.join(builtDir, name), content);
    }
    built = await createTestApp({ STATIC_DIR: builtDir });
  });
  afterAll(async () => {
    await built.close();
    await fs.rm(builtDir, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    built.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('sends the prerendered HTML for its address and the empty page elsewhere', async () => {
    expect((await page('/')).body).toContain('<h1>Apply</h1>');
    expect((await page('/application/trip-details')).body).toContain('<h1>Trip details</h1>');
    expect((await page('/application/trip-details/')).body).toContain('<h1>Trip details</h1>');
    const other = await page('/application/personal-info');
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('<div id="root"></div>');
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('sends the empty page for an address of a page rendered for its user that asks for more than its frame', async () => {
    expect((await page('/orders')).body).toContain('<h1>My orders</h1>');
    // Another tab of My orders: the frame shows the first, so the browser draws this one.
    const old = await page('/orders?tab=old');
    expect(old.statusCode).toBe(200);
    expect(old.body).toContain('<div id="root"></div>');
  });

  it("sends each page in the visitor's language: kept choice, else the browser's, else English", async () => {
    const home = (headers: Record<string, string>) => page('/', headers);
    const english = await home({});
    expect(english.body).toContain('<h1>Apply</h1>');
    expect(english.body).toContain('<html lang="en-GB" dir="ltr">');
    expect(english.headers['content-language']).toBe('en');
    expect(english.headers.vary).toBe('accept-encoding, cookie, accept-language');

    const french = await home({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    expect(french.body).toContain('<h1>Demander</h1>');
    expect(french.body).toContain('<html lang="fr" dir="ltr">');
    expect(french.headers['content-language']).toBe('fr');
    expect(french.headers.etag).not.toBe(english.headers.etag);

    // The kept choice wins over the browser's language; Arabic reads right to left.
    const arabic = await home({ 'accept-language': 'fr', cookie: `${LOCALE_COOKIE}=ar` });
    expect(arabic.body).toContain('<h1>قدّم طلبك</h1>');
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');

    // A language the portal does not speak, or a cookie naming none, gets English.
    expect((await home({ 'accept-language': 'ja' })).body).toContain('<h1>Apply</h1>');
    expect((await home({ cookie: `${LOCALE_COOKIE}=../../x` })).body).toContain('<h1>Apply</h1>');

    // A page not prerendered in the language is the empty page in that language (the browser renders it).
    const trip = await page('/application/trip-details', { 'accept-language': 'de' });
    expect(trip.body).toContain('<html lang="de" dir="ltr">');
    expect(trip.body).toContain('<div id="root"></div>');
    expect(trip.headers['content-language']).toBe('de');
  });

  it("writes the remotes' addresses into every page, as /remotes.json gives them", async () => {
    const addresses = body(await page('/remotes.json'));
    for (const url of ['/', '/orders', '/admin']) {
      const meta = /<meta name="waypoint-remotes" content="([^"]*)">/.exec((await page(url)).body);
      expect(meta).not.toBeNull();
      expect(JSON.parse(meta![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))).toEqual(
        addresses,
      );
    }
  });

  it('announces the files of the area a page needs in its head: its manifest and its stylesheet', async () => {
    for (const url of ['/application/trip-details', '/application/checkout', '/upload/abc']) {
      const head = (await page(url)).body.split('</head>')[0]!;
      expect(head).toContain(
        '<link rel="preload" href="/remotes/apply/mf-manifest.json" as="fetch" crossorigin="anonymous">',
      );
      expect(head).toContain(
        '<link rel="stylesheet" href="/remotes/apply/routes.dddddddddd.css" data-href="routes.dddddddddd.css">',
      );
      // No script of an area is preloaded: a failed script preload would be handed to the runtime's Try again.
      expect(head).not.toMatch(/href="\/remotes\/[^"]*" as="script"/);
      expect(head).not.toContain('href="/remotes/account/');
    }
    const orders = (await page('/orders')).body;
    expect(orders).toContain(
      '<link rel="preload" href="/remotes/account/mf-manifest.json" as="fetch" crossorigin="anonymous">',
    );
    expect(orders).not.toContain('href="/remotes/apply/');
    // The home page needs no remote, and no traveller's page announces the staff area.
    expect((await page('/')).body).not.toContain('as="fetch"');
    expect((await page('/admin/applications')).body).not.toContain('href="/remotes/admin/');
  });

  it("names the shell's boot scripts in every page's head, prerendered or not, in every language", async () => {
    // For the shell's entry to ask for (a preload in the page would compete with the page's first paint).
    const bootLinks =
      '<meta name="waypoint-boot-scripts" content="[&quot;/470.aaaaaaaaaa.js&quot;,&quot;/649.bbbbbbbbbb.js&quot;]">';
    for (const [url, headers] of [
      ['/', {}],
      ['/', { 'accept-language': 'ar' }],
      ['/application/trip-details', {}],
      ['/application/personal-info', { 'accept-language': 'de' }],
      ['/orders', {}],
      ['/admin/applications', {}],
    ] as const) {
      const head = (await page(url, headers)).body.split('</head>')[0]!;
      expect(head).toContain(bootLinks);
      expect(head).not.toContain('as="script"');
    }
    // The list itself is not served.
    expect((await page('/boot.json')).statusCode).toBe(404);
  });

  it('gives every page the configured support address, in its head and where the build wrote the default', async () => {
    const configured = await createTestApp({
      STATIC_DIR: builtDir,
      SUPPORT_EMAIL: 'help@visas.example.com',
    });
    try {
      const contact = await configured.app.inject({ method: 'GET', url: '/help/contact' });
      expect(contact.body).toContain(
        '<meta name="waypoint-support" content="&quot;help@visas.example.com&quot;">',
      );
      expect(contact.body).toContain(
        '<a href="mailto:help@visas.example.com">help@visas.example.com</a>',
      );
      expect(contact.body).not.toContain('support@waypoint.localhost');
      const other = await configured.app.inject({ method: 'GET', url: '/orders' });
      expect(other.body).toContain('<meta name="waypoint-support"');
    } finally {
      await configured.close();
    }
    // Run on its defaults, the page keeps the address it was built with.
    expect((await page('/help/contact')).body).toContain('mailto:support@waypoint.localhost');
  });

  it('answers 304 without a body when the browser holds the current page, in any encoding', async () => {
    const first = await page('/', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+-br"$/);
    const again = await page('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const plain = await page('/', { 'if-none-match': etag });
    expect(plain.statusCode).toBe(304);
    const otherPage = await page('/orders', { 'if-none-match': etag });
    expect(otherPage.statusCode).toBe(200);
  });

  it('does not serve the page files or their index by their own names', async () => {
    for (const url of ['/pages.json', '/pages/en/home.html', '/pages/fr/home.html']) {
      expect((await page(url)).statusCode).toBe(404);
    }
  });
});
