import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import {
  Browser,
  makeAdmin,
  registerStaff,
  STRONG_PASSWORD,
  uniqueEmail,
} from '../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../test/harness';
import { temporaryTree } from '../test/files';
import { appWithShell, dataInPage, PAGE_TEMPLATE, renderBuildSource } from '../test/render-build';
import { paidOrder } from '../test/orders';
import { RENDER_TIMEOUT_MS, UserPageRenderer } from './user-pages';

const TEMPLATE = PAGE_TEMPLATE;

/**
 * A stand-in for the shell's server build: it draws the orders it is given, in the language it is given, and fails
 * or never ends for the travellers named so.
 */
const RENDERER = renderBuildSource(`
exports.rendered = [];
exports.renderForUser = async (url, locale, user, queries) => {
  exports.rendered.push(user ? user.id : 'anyone');
  if (!user) return '<title>Trip details</title><h1>' + locale + '</h1>';
  if (user.lastName === 'Broken') throw new Error('the render failed');
  if (user.lastName === 'Slow') return new Promise(() => {});
  const orders = (queries.getMyApplications ?? []).map((o) => '<li>Order #' + o.reference + '</li>').join('');
  return '<title>My orders</title><h1 data-url="' + url + '">' + locale + '</h1><ul>' + orders + '</ul>';
};
`);

const FILES: Record<string, string> = {
  'shell/index.html': TEMPLATE,
  'shell/pages.json': JSON.stringify({
    template: 'index.html',
    pages: { '/orders': { en: 'pages/en/orders.html' } },
    renderer: 'pages/render.cjs',
    mounts: { application: 'apply', orders: 'account', auth: 'account', admin: 'admin' },
  }),
  'shell/pages/en/orders.html': TEMPLATE.replace(
    '<div id="root"></div>',
    '<div id="root"><h1>My orders</h1></div>',
  ),
  'shell/pages/render.cjs': RENDERER,
  'account/mf-manifest.json': JSON.stringify({ exposes: [] }),
};

describe('My orders rendered for its traveller', () => {
  let t: TestApp;
  let log: string[];
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, log, close } = await appWithShell('waypoint-user-pages-', FILES));
  });
  afterAll(() => close());

  let ip = 0;
  /** A traveller with one paid order, signed in. */
  async function traveller(lastName = 'Lee') {
    ip += 1;
    const b = new Browser(t.app, `10.31.0.${ip}`);
    const email = uniqueEmail();
    await paidOrder(b, email);
    if (lastName !== 'Lee') {
      await t.database.db.update(users).set({ lastName }).where(eq(users.email, email));
    }
    return b;
  }

  it('comes rendered with their orders, and with those orders and that traveller in the page, for them only', async () => {
    const b = await traveller();
    const orders = body<{ data: { reference: string }[] }>(
      await b.get('/api/applications/my-applications'),
    ).data;
    const draft = body<{ data: { draft: unknown } }>(
      await b.get('/api/applications/my-draft'),
    ).data;
    const profile = body<{ data: unknown }>(await b.get('/api/auth/profile')).data;

    const page = await b.get('/orders');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain(
      `<div id="root"><h1 data-url="/orders">en</h1><ul><li>Order #${orders[0]!.reference}</li></ul></div>`,
    );
    const head = page.body.split('</head>')[0]!;
    expect(head).toContain('<title>My orders</title>');
    expect(head).not.toContain('<title>Waypoint</title>');
    // Exactly the replies the page would otherwise ask for, and the user the profile reply describes.
    expect(dataInPage(page.body, 'waypoint-page-queries')).toEqual({
      getMyApplications: orders,
      getMyDraft: draft.draft,
    });
    expect(dataInPage(page.body, 'waypoint-signed-in')).toEqual(profile);
    // The area's files are announced with it, as on the page everyone gets.
    expect(page.body).toContain('href="/remotes/account/mf-manifest.json"');
  });

  it("is in the traveller's own language when they chose one", async () => {
    const b = await traveller();
    expect((await b.put('/api/auth/profile/locale', { locale: 'fr' })).statusCode).toBe(200);
    const page = await b.request({
      method: 'GET',
      url: '/orders',
      headers: { 'accept-language': 'de' },
    });
    expect(page.headers['content-language']).toBe('fr');
    expect(page.body).toContain('<html lang="fr" dir="ltr">');
    expect(page.body).toContain('<h1 data-url="/orders">fr</h1>');
  });

  it('keeps whatever the data holds as data: nothing in it closes the element or starts markup', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const b = await traveller(name);
    const page = await b.get('/orders');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body.match(/<\/script>/g)).toHaveLength(2);
    expect(dataInPage(page.body, 'waypoint-signed-in')).toMatchObject({ lastName: name });
  });

  it('comes to everyone else as the page everyone gets: a guest, a forged session, staff before their second factor', async () => {
    const halfway = new Browser(t.app, '10.31.1.1');
    const email = await registerStaff(t, halfway);
    await halfway.post('/api/auth/login', { email, password: STRONG_PASSWORD });
    const visitors = [
      { b: new Browser(t.app, '10.31.1.2') },
      { b: new Browser(t.app, '10.31.1.3'), cookies: { waypoint_session: 'not-a-session' } },
      { b: halfway },
    ];
    for (const { b, cookies } of visitors) {
      const page = await b.request({
        method: 'GET',
        url: '/orders',
        ...(cookies ? { cookies } : {}),
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<div id="root"><h1>My orders</h1></div>');
      expect(page.body).not.toContain('waypoint-signed-in');
      expect(page.body).not.toContain('waypoint-page-queries');
    }
    // Staff past their second factor have no orders of their own, but the page is theirs like anyone's.
    const staff = await makeAdmin(t);
    const page = await staff.get('/orders');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(dataInPage(page.body, 'waypoint-page-queries')).toEqual({
      getMyApplications: [],
      getMyDraft: null,
    });
  });

  it('is the page everyone gets when the render fails or takes too long, and says so in the log', async () => {
    for (const lastName of ['Broken', 'Slow']) {
      const b = await traveller(lastName);
      const started = Date.now();
      const page = await b.get('/orders');
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<div id="root"><h1>My orders</h1></div>');
      expect(page.body).not.toContain('waypoint-page-queries');
      expect(Date.now() - started).toBeLessThan(RENDER_TIMEOUT_MS + 2_000);
    }
    expect(log.join('')).toContain('A page could not be rendered on the server');
    // The renders that follow are not held up by the one that never ended.
    const b = await traveller();
    expect((await b.get('/orders')).headers['cache-control']).toBe('private, no-store');
  });
});

describe('My orders while the database is away', () => {
  it('is the page everyone gets, not an error', async () => {
    const dir = await temporaryTree('waypoint-user-pages-', FILES);
    const t = await createTestApp({ STATIC_DIR: dir });
    const b = new Browser(t.app, '10.31.2.1');
    await paidOrder(b, uniqueEmail());
    await t.database.close();
    try {
      const page = await b.get('/orders');
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).not.toContain('waypoint-page-queries');
    } finally {
      await t.app.close();
      await fs.rm(dir, { recursive: true, force: true });
      await fs.rm(t.config.dataDir, { recursive: true, force: true });
    }
  });
});

describe('the server build of the pages', () => {
  const shellIn = (files = FILES) => temporaryTree('waypoint-user-pages-', files);

  it('is loaded and has rendered once as soon as the server listens, before anyone asks for a page', async () => {
    const dir = await shellIn();
    const t = await createTestApp({ STATIC_DIR: dir });
    try {
      const build = createRequire(__filename)(path.join(dir, 'shell/pages/render.cjs')) as {
        rendered: string[];
      };
      expect(build.rendered).toEqual([]);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const deadline = Date.now() + 5_000;
      while (build.rendered.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // For nobody: no user's data is involved.
      expect(build.rendered[0]).toBe('nobody');
    } finally {
      await t.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('that fails to load leaves the server sending the page everyone gets, and says so in the log', async () => {
    const errors: string[] = [];
    const log = { error: (_: unknown, message: string) => errors.push(message) };
    const renderer = new UserPageRenderer(
      '/nowhere/render.cjs',
      log as unknown as FastifyBaseLogger,
      () => {
        throw new Error('the build is broken');
      },
    );
    await renderer.warm('/orders');
    expect(renderer.available()).toBe(false);
    expect(await renderer.render('<html></html>', '/orders', 'en', {} as never, {})).toBeNull();
    expect(errors).toEqual(['The server build of the pages could not be loaded']);
  });
});
