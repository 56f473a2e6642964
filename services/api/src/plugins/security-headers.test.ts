import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('browser security headers', () => {
  it.each([
    ['an API reply', '/api/reference/countries', 200],
    ['an error reply', '/api/nothing-here', 404],
  ])('are on %s: nothing loads, nothing frames it, no sniffing', async (_name, url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // HSTS only where the portal is served over HTTPS (production).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('are the same on every request (built once, not changed by a previous reply)', async () => {
    const first = await get('/api/reference/countries');
    const again = await get('/api/reference/visa-types?countryId=US');
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy']) {
      expect(again.headers[name]).toBe(first.headers[name]);
    }
  });

  it('are left off the health probes, which no browser asks', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBeUndefined();
    }
  });
});

describe('the policy of the pages', () => {
  const STAFF_ORIGIN = 'https://staff.example.com';
  const APPLY_ORIGIN = 'https://apply.example.com';
  let pages: TestApp;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-csp-'));
    await fs.mkdir(path.join(staticDir, 'shell'), { recursive: true });
    await fs.writeFile(
      path.join(staticDir, 'shell/index.html'),
      '<!doctype html><title>Waypoint</title><div id="root"></div>',
    );
    // Which area draws each top-level path, as the shell's build writes it: `admin` is the staff area's.
    await fs.writeFile(
      path.join(staticDir, 'shell/pages.json'),
      JSON.stringify({
        template: 'index.html',
        pages: {},
        mounts: { application: 'apply', auth: 'account', orders: 'account', admin: 'admin' },
      }),
    );
    pages = await createTestApp({
      STATIC_DIR: staticDir,
      REMOTE_APPLY_URL: `${APPLY_ORIGIN}/apply/mf-manifest.json`,
      REMOTE_ADMIN_URL: `${STAFF_ORIGIN}/admin/mf-manifest.json`,
    });
  });
  afterAll(async () => {
    await pages.close();
    await fs.rm(staticDir, { recursive: true, force: true });
  });

  const policyOf = async (url: string) => {
    const res = await pages.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy'] ?? '');
    return (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
  };

  it.each(['/', '/application/trip-details', '/orders', '/auth/login', '/administration'])(
    'of a traveller page (%s) names the travellers’ areas, not where the staff area is',
    async (url) => {
      const directive = await policyOf(url);
      expect(directive('script-src')).toBe(`script-src 'self' ${APPLY_ORIGIN}`);
      for (const name of ['style-src', 'img-src', 'font-src', 'connect-src']) {
        expect(directive(name)).toContain(APPLY_ORIGIN);
        expect(directive(name)).not.toContain(STAFF_ORIGIN);
      }
      expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    },
  );

  it.each(['/admin', '/admin/applications', '/admin/applications/42?tab=history'])(
    'of a staff page (%s) also names the staff area’s origin, where its files come from',
    async (url) => {
      const directive = await policyOf(url);
      expect(directive('script-src')).toBe(`script-src 'self' ${APPLY_ORIGIN} ${STAFF_ORIGIN}`);
      for (const name of ['style-src', 'img-src', 'font-src', 'connect-src']) {
        expect(directive(name)).toContain(STAFF_ORIGIN);
      }
      expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    },
  );
});
