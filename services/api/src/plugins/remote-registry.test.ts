import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from '../config';
import {
  Browser,
  makeAdmin,
  registerStaff,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../test/auth-helpers';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { writeTree } from '../test/files';
import { body, createTestApp, type TestApp } from '../test/harness';
import { RemoteRegistry } from './remote-registry';

const TEMPLATE =
  '<!doctype html><html><head><title>Waypoint</title></head><body><div id="root"></div></body></html>';

/** A remote's manifest whose routes need one stylesheet. */
const manifest = (css: string) =>
  JSON.stringify({
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ path: './routes', assets: { js: { sync: [] }, css: { sync: [css] } } }],
  });

const FILES: Record<string, string> = {
  'shell/index.html': TEMPLATE,
  'shell/pages.json': JSON.stringify({
    template: 'index.html',
    pages: {},
    staffPages: { '/admin/applications': { en: 'pages/en/admin-applications.html' } },
    mounts: { application: 'apply', orders: 'account', auth: 'account', admin: 'admin' },
  }),
  'shell/pages/en/admin-applications.html': TEMPLATE.replace(
    '<div id="root"></div>',
    '<div id="root"><h1>Applications</h1></div>',
  ),
  'apply/mf-manifest.json': manifest('routes.1111111111.css'),
  'account/mf-manifest.json': manifest('routes.2222222222.css'),
  'account/remoteEntry.js': 'var account = "1.0.0"',
  'admin/mf-manifest.json': manifest('routes.3333333333.css'),
  'releases/account/1.1.0/mf-manifest.json': manifest('routes.4444444444.css'),
  'releases/account/1.1.0/remoteEntry.js': 'var account = "1.1.0"',
  'releases/account/1.1.0/routes.4444444444.css': 'h1{color:navy}',
  'releases/admin/2.0.0/mf-manifest.json': manifest('routes.5555555555.css'),
};

/** Waits for a condition the server reaches on its own (the registry file is polled). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('The condition was not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const metaOf = (html: string) => {
  const meta = /<meta name="waypoint-remotes" content="([^"]*)">/.exec(html);
  return JSON.parse(meta![1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as unknown;
};

describe('the remote registry of an environment', () => {
  let t: TestApp;
  let dir: string;
  let registryFile: string;
  const log: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-registry-'));
    await writeTree(dir, FILES);
    registryFile = path.join(dir, 'remotes.production.json');
    await fs.writeFile(registryFile, '{}');
    t = await createTestApp(
      { STATIC_DIR: dir, REMOTES_FILE: registryFile, LOG_LEVEL: 'info' },
      undefined,
      logStream,
    );
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const remotesNow = async () => body(await get('/remotes.json'));
  const write = (registry: unknown) =>
    fs.writeFile(registryFile, typeof registry === 'string' ? registry : JSON.stringify(registry));

  it('releases an area by pointing at another version, and rolls it back, while the server runs', async () => {
    const before = await get('/orders');
    expect(metaOf(before.body)).toEqual({
      apply: '/remotes/apply/mf-manifest.json',
      account: '/remotes/account/mf-manifest.json',
    });

    await write({ account: '/releases/account/1.1.0/mf-manifest.json' });
    await eventually(
      async () => (await remotesNow()).account === '/releases/account/1.1.0/mf-manifest.json',
    );
    const released = await get('/orders');
    expect(metaOf(released.body)).toEqual({
      apply: '/remotes/apply/mf-manifest.json',
      account: '/releases/account/1.1.0/mf-manifest.json',
    });
    expect(released.headers.etag).not.toBe(before.headers.etag);
    // The page announces the release's own files.
    expect(released.body).toContain(
      '<link rel="preload" href="/releases/account/1.1.0/mf-manifest.json" as="fetch" crossorigin="anonymous">',
    );
    expect(released.body).toContain(
      '<link rel="stylesheet" href="/releases/account/1.1.0/routes.4444444444.css" data-href="routes.4444444444.css">',
    );
    // The release's files are served, with the same cache rules as a build's.
    const entry = await get('/releases/account/1.1.0/remoteEntry.js');
    expect(entry.body).toBe('var account = "1.1.0"');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(
      (await get('/releases/account/1.1.0/routes.4444444444.css')).headers['cache-control'],
    ).toBe('public, max-age=31536000, immutable');
    expect(log.join('')).toContain('Remote registry changed');

    // Rolled back: the earlier address and the same page as before.
    await write({});
    await eventually(
      async () => (await remotesNow()).account === '/remotes/account/mf-manifest.json',
    );
    expect((await get('/orders')).headers.etag).toBe(before.headers.etag);
  });

  it("serves an area's first release, written after the server started", async () => {
    await writeTree(dir, {
      'releases/apply/2.0.0/mf-manifest.json': manifest('routes.6666666666.css'),
      'releases/apply/2.0.0/remoteEntry.js': 'var apply = "2.0.0"',
    });
    await write({ apply: '/releases/apply/2.0.0/mf-manifest.json' });
    t.app.remotes.reload();
    expect((await remotesNow()).apply).toBe('/releases/apply/2.0.0/mf-manifest.json');
    expect((await get('/releases/apply/2.0.0/remoteEntry.js')).body).toBe('var apply = "2.0.0"');
    await write({});
    t.app.remotes.reload();
  });

  it.each([
    ['not JSON', '{ "account": ', 'is not valid JSON'],
    [
      'a release that is not there',
      { account: '/releases/account/9.9.9/mf-manifest.json' },
      'account: /releases/account/9.9.9/mf-manifest.json does not exist on this server',
    ],
    [
      'an address that is not a manifest',
      { account: 'javascript:alert(1)' },
      'account: must be a path on this site',
    ],
    [
      'a path outside the bundles',
      { apply: '/api/admin/mf-manifest.json' },
      'apply: /api/admin/mf-manifest.json is neither under /remotes/apply/ nor /releases/apply/',
    ],
    [
      "another area's release",
      { apply: '/releases/account/1.1.0/mf-manifest.json' },
      'apply: /releases/account/1.1.0/mf-manifest.json is neither under /remotes/apply/ nor /releases/apply/',
    ],
    [
      'a climb out of the releases',
      { apply: '/releases/../../etc/mf-manifest.json' },
      'must not contain . or .. segments',
    ],
    ['an unknown area', { shop: '/remotes/shop/mf-manifest.json' }, 'Unrecognized key'],
  ])('refuses %s, keeps every area where it was, and logs why', async (_what, registry, why) => {
    const before = await remotesNow();
    const etag = (await get('/orders')).headers.etag;
    await write(registry);
    t.app.remotes.reload();
    expect(await remotesNow()).toEqual(before);
    expect((await get('/orders')).headers.etag).toBe(etag);
    expect(log.join('')).toContain('The remote registry file was refused');
    expect(log.join('')).toContain(why);
    await write({});
    t.app.remotes.reload();
  });

  it('moves the staff area to another origin: the page policy allows exactly it, and only staff learn the address', async () => {
    await write({ admin: 'https://staff-assets.example.org/admin/2.0.0/mf-manifest.json' });
    t.app.remotes.reload();
    const csp = (await get('/admin')).headers['content-security-policy'] as string;
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self' https://staff-assets.example.org");
    expect(directive('style-src')).toBe("style-src 'self' https://staff-assets.example.org");
    expect(directive('connect-src')).toBe("connect-src 'self' https://staff-assets.example.org");
    expect(directive('img-src')).toBe(
      "img-src 'self' data: blob: https://staff-assets.example.org",
    );
    expect(await remotesNow()).not.toHaveProperty('admin');
    expect((await get('/admin')).body).not.toContain('staff-assets');
    expect((await get('/api/admin/remote')).statusCode).toBe(401);
    await write({});
    t.app.remotes.reload();
  });
});

describe("the staff area's pages", () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-registry-'));
    await writeTree(dir, FILES);
    t = await createTestApp({ STATIC_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const STAFF_META =
    '<meta name="waypoint-remotes" content="{&quot;apply&quot;:&quot;/remotes/apply/mf-manifest.json&quot;,&quot;account&quot;:&quot;/remotes/account/mf-manifest.json&quot;,&quot;admin&quot;:&quot;/remotes/admin/mf-manifest.json&quot;}">';

  it("come to a signed-in member of staff with the staff area's address and files, for them only", async () => {
    const staff = await makeAdmin(t);
    const page = await staff.request({ method: 'GET', url: '/admin/applications' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const head = page.body.split('</head>')[0]!;
    expect(head).toContain(STAFF_META);
    expect(head).toContain(
      '<link rel="preload" href="/remotes/admin/mf-manifest.json" as="fetch" crossorigin="anonymous">',
    );
    expect(head).toContain(
      '<link rel="stylesheet" href="/remotes/admin/routes.3333333333.css" data-href="routes.3333333333.css">',
    );
    // A traveller's page, even to staff, is the page everyone gets.
    expect((await staff.request({ method: 'GET', url: '/orders' })).body).not.toContain('admin');
  });

  /** The member of staff a page carries, parsed; undefined when it carries none. */
  const userInPage = (html: string): unknown => {
    const element =
      /<script type="application\/json" id="waypoint-signed-in">([^<]*)<\/script>/.exec(html);
    return element ? JSON.parse(element[1]!) : undefined;
  };

  it('arrive with their frame as staff see it and that member of staff in the page, safe as HTML', async () => {
    const staff = await makeAdmin(t);
    const profile = body<{ data: { email: string } }>(await staff.get('/api/auth/profile')).data;
    const page = await staff.request({ method: 'GET', url: '/admin/applications' });
    expect(page.body).toContain('<div id="root"><h1>Applications</h1></div>');
    // Exactly what the profile reply says of them.
    expect(userInPage(page.body)).toEqual(profile);
    expect(profile).toMatchObject({ role: 'admin', secondFactor: 'verified' });
    // With a query (filters), or an address without a frame: the empty page, still with the member of staff.
    const filtered = await staff.request({ method: 'GET', url: '/admin/applications?status=PAID' });
    expect(filtered.body).toContain('<div id="root"></div>');
    expect(userInPage(filtered.body)).toEqual(profile);
    const emails = await staff.request({ method: 'GET', url: '/admin/emails' });
    expect(emails.body).toContain('<div id="root"></div>');
    expect(userInPage(emails.body)).toMatchObject({ email: profile.email });

    // Whatever a name holds, it stays data: nothing in it closes the element or starts markup.
    const name = '</script><script>alert(1)</script><!--';
    await t.database.db.update(users).set({ lastName: name }).where(eq(users.email, profile.email));
    const hostile = await staff.request({ method: 'GET', url: '/admin/applications' });
    expect(hostile.body).not.toContain('<script>alert(1)');
    expect(hostile.body.match(/<\/script>/g)).toHaveLength(1);
    expect(userInPage(hostile.body)).toMatchObject({ lastName: name });
  });

  it('come to everyone else without any of it: a guest, a traveller, staff before their second factor', async () => {
    const traveller = new Browser(t.app, '10.9.0.1');
    await traveller.post('/api/auth/register', {
      firstName: 'Tom',
      lastName: 'Traveller',
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
    });
    const halfway = new Browser(t.app, '10.9.0.2');
    const email = await registerStaff(t, halfway);
    await halfway.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    const forged = new Browser(t.app, '10.9.0.3');
    for (const visitor of [new Browser(t.app, '10.9.0.4'), traveller, halfway, forged]) {
      const page = await visitor.request({
        method: 'GET',
        url: '/admin',
        ...(visitor === forged ? { cookies: { waypoint_session: 'not-a-session' } } : {}),
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).not.toContain('/remotes/admin/');
      expect(page.body).not.toContain('waypoint-signed-in');
      expect(
        (await visitor.request({ method: 'GET', url: '/admin/applications' })).body,
      ).not.toContain('<h1>Applications</h1>');
    }
  });
});

describe('a staff area page while the database is away', () => {
  it('is the page everyone gets, not an error', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-registry-'));
    await writeTree(dir, FILES);
    const t = await createTestApp({ STATIC_DIR: dir });
    const staff = await makeAdmin(t);
    await t.database.close();
    try {
      const page = await staff.request({ method: 'GET', url: '/admin' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).not.toContain('/remotes/admin/');
    } finally {
      await t.app.close();
      await fs.rm(dir, { recursive: true, force: true });
      await fs.rm(t.config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('starting with a remote registry file', () => {
  const quiet = { info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

  it('refuses to start when the file is missing or not valid, saying why', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-registry-'));
    try {
      const missing = loadConfig({ REMOTES_FILE: path.join(dir, 'nope.json') });
      expect(() => new RemoteRegistry(missing, quiet)).toThrow(/cannot be read/);
      const file = path.join(dir, 'remotes.json');
      await fs.writeFile(file, JSON.stringify({ apply: 'https://cdn.example.com/apply/' }));
      const invalid = loadConfig({ REMOTES_FILE: file });
      expect(() => new RemoteRegistry(invalid, quiet)).toThrow(ConfigError);
      expect(() => new RemoteRegistry(invalid, quiet)).toThrow(
        /mf-manifest\.json or remoteEntry\.js/,
      );
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('in production', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-registry-'));
    await writeTree(dir, FILES);
    t = await createTestApp({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://unused.invalid/waypoint',
      ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
      PUBLIC_URL: 'https://apply.example.com',
      SMTP_URL: 'smtp://mail.invalid:25',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      REMOTE_ADMIN_URL: 'https://staff-assets.example.org/admin/mf-manifest.json',
      SELLER_LEGAL_NAME: 'Example Visas Ltd',
      SELLER_ADDRESS: '10 Real Road, Manchester M1 1AA, United Kingdom',
      SELLER_COMPANY_NUMBER: '12345678',
      SELLER_VAT_NUMBER: 'GB123456789',
      SUPPORT_EMAIL: 'help@example.com',
      STATIC_DIR: dir,
    });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("serves no file of the staff area from the travellers' origin", async () => {
    for (const url of [
      '/remotes/admin/mf-manifest.json',
      '/releases/admin/2.0.0/mf-manifest.json',
      '/releases/./admin/2.0.0/mf-manifest.json',
      '/releases//admin/2.0.0/mf-manifest.json',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/remotes/account/remoteEntry.js' })).body,
    ).toBe('var account = "1.0.0"');
    expect(
      (await t.app.inject({ method: 'GET', url: '/releases/account/1.1.0/remoteEntry.js' })).body,
    ).toBe('var account = "1.1.0"');
  });
});
