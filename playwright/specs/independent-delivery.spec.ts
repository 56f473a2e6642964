import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STAFF, enrolStaffSecondFactor, signInAsStaff } from '../support/admin';
import { expectNoA11yViolations } from '../support/axe';
import {
  buildChangedRemote,
  fingerprint,
  releaseBuild,
  startStaffOrigin,
  type StaffOrigin,
} from '../support/delivery';
import { expect, test as portalTest } from '../support/fixtures';
import { freePort, REPO_ROOT, startPortal, type Portal } from '../support/portal.mjs';
import { AdminDashboardPage } from '../pages/AdminDashboardPage';

/**
 * Each area ships on its own (docs/micro-frontends.md): a remote is rebuilt and released alone, the environment's
 * remote registry points the running portal at it (and back) with the shell untouched, and the staff area comes
 * from its own origin.
 */

const SHELL_DIST = path.join(REPO_ROOT, 'shell/dist');
const CHANGED_HEADING = 'Sign in to Waypoint';

interface ReleasePortal {
  portal: Portal;
  registryFile: string;
  releases: string;
}

const releaseTest = portalTest.extend<object, { releasePortal: ReleasePortal }>({
  releasePortal: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waypoint-releases-'));
      const registryFile = path.join(dir, 'remotes.json');
      const releases = path.join(dir, 'releases');
      fs.mkdirSync(releases);
      fs.writeFileSync(registryFile, '{}');
      const portal = await startPortal({
        quiet: true,
        env: { REMOTES_FILE: registryFile, RELEASES_DIR: releases },
      });
      await use({ portal, registryFile, releases });
      await portal.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ releasePortal }, use) => use(releasePortal.portal.url),
});

releaseTest.describe('releasing one area', () => {
  releaseTest(
    'a new version of the account area goes live and is rolled back by the registry, with the shell untouched',
    async ({ page, request, login, releasePortal }) => {
      releaseTest.setTimeout(240_000);
      const { registryFile, releases } = releasePortal;
      const shellBefore = fingerprint(SHELL_DIST);
      const shellPageBefore = await (await request.get('/')).text();

      // The account team changes its login page's heading (its English message) and builds mf-account alone,
      // as version 1.1.0.
      const build = buildChangedRemote('mf-account', (src) => {
        const file = path.join(src, 'i18n/en.json');
        const source = fs.readFileSync(file, 'utf8');
        expect(source).toContain('"login.title": "Log in",');
        fs.writeFileSync(
          file,
          source.replace('"login.title": "Log in",', `"login.title": "${CHANGED_HEADING}",`),
        );
      });
      try {
        expect(releaseBuild('account', { version: '1.1.0', from: build.dist, releases })).toContain(
          '/releases/account/1.1.0/mf-manifest.json',
        );
      } finally {
        build.remove();
      }

      // Before it is pointed at, travellers get the version the portal started with.
      await page.goto('/auth/login');
      await expect(login.heading).toBeVisible();

      const pointAccountAt = async (registry: object, expected: string) => {
        fs.writeFileSync(registryFile, JSON.stringify(registry));
        await expect
          .poll(
            async () =>
              ((await (await request.get('/remotes.json')).json()) as { account: string }).account,
            {
              timeout: 10_000,
            },
          )
          .toBe(expected);
      };

      // (a) Released: a new visit loads 1.1.0 from its folder and shows the change.
      await pointAccountAt(
        { account: '/releases/account/1.1.0/mf-manifest.json' },
        '/releases/account/1.1.0/mf-manifest.json',
      );
      const fromRelease: string[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith('/releases/account/1.1.0/') && response.ok()) {
          fromRelease.push(url.pathname);
        }
      });
      await page.goto('/auth/login');
      await expect(page.getByRole('heading', { level: 1, name: CHANGED_HEADING })).toBeVisible();
      await expect(login.heading).toHaveCount(0);
      expect(fromRelease).toContain('/releases/account/1.1.0/remoteEntry.js');
      // The rest of the area works on the new version: the login form answers.
      await expect(login.email).toBeVisible();
      await expectNoA11yViolations(page);

      // (b) Rolled back: the version before returns.
      await pointAccountAt({}, '/remotes/account/mf-manifest.json');
      await page.goto('/auth/login');
      await expect(login.heading).toBeVisible();
      await expect(page.getByRole('heading', { name: CHANGED_HEADING })).toHaveCount(0);

      // The shell was neither rebuilt nor redeployed: its files are byte for byte the same, and so is its page.
      expect(fingerprint(SHELL_DIST)).toEqual(shellBefore);
      expect(await (await request.get('/')).text()).toBe(shellPageBefore);
    },
  );
});

interface StaffPortal {
  portal: Portal;
  staffOrigin: StaffOrigin;
  totpFile: string;
}

const staffTest = portalTest.extend<object, { staffPortal: StaffPortal }>({
  staffPortal: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const port = await freePort();
      const staffOrigin = await startStaffOrigin(`http://127.0.0.1:${port}`);
      const portal = await startPortal({
        quiet: true,
        port,
        admins: [{ email: STAFF.email, password: STAFF.password }],
        env: { REMOTE_ADMIN_URL: staffOrigin.manifestUrl },
      });
      const totpFile = path.join(portal.dataDir, 'delivery-staff-totp.json');
      await enrolStaffSecondFactor(portal.url, totpFile);
      await use({ portal, staffOrigin, totpFile });
      await portal.stop();
      await staffOrigin.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ staffPortal }, use) => use(staffPortal.portal.url),
});

staffTest.describe('the staff area from its own origin', () => {
  staffTest(
    'loads in the browser from the second origin, with the page policy allowing exactly that origin',
    async ({ page, request, staffPortal }) => {
      const { staffOrigin, totpFile, portal } = staffPortal;

      // Travellers are not told where the staff area is.
      const remotes = (await (await request.get('/remotes.json')).json()) as Record<string, string>;
      expect(Object.keys(remotes).sort()).toEqual(['account', 'apply']);
      expect(await (await request.get('/')).text()).not.toContain(staffOrigin.origin);
      expect((await request.get('/api/admin/remote')).status()).toBe(401);

      // The staff origin answers the portal's origin, and nobody else's, with CORS.
      const manifest = await fetch(staffOrigin.manifestUrl, {
        headers: { origin: portal.url },
      });
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('access-control-allow-origin')).toBe(portal.url);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');

      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|CORS/i.test(message.text())) violations.push(message.text());
      });
      const fromStaffOrigin: string[] = [];
      const fromPortal: string[] = [];
      const addressAsked: string[] = [];
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (url.origin === staffOrigin.origin) fromStaffOrigin.push(url.pathname);
        if (url.origin === portal.url && url.pathname.startsWith('/remotes/admin/')) {
          fromPortal.push(url.pathname);
        }
        if (url.pathname === '/api/admin/remote') addressAsked.push(url.pathname);
      });

      await signInAsStaff(page, totpFile);
      expect(
        (await (await page.request.get('/api/admin/remote')).json()) as { data: { entry: string } },
      ).toEqual({ success: true, data: { entry: staffOrigin.manifestUrl } });

      const response = await page.goto('/admin');
      const csp = response?.headers()['content-security-policy'] ?? '';
      const directive = (name: string) =>
        csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
      expect(directive('script-src')).toBe(`script-src 'self' ${staffOrigin.origin}`);
      expect(directive('style-src')).toBe(`style-src 'self' ${staffOrigin.origin}`);
      expect(directive('connect-src')).toBe(`connect-src 'self' ${staffOrigin.origin}`);

      // The page a member of staff gets names the staff area itself, so its code downloads with the page.
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      expect(await response?.text()).toContain(
        `<link rel="preload" href="${staffOrigin.manifestUrl}" as="fetch" crossorigin="anonymous">`,
      );

      const dashboard = new AdminDashboardPage(page);
      await dashboard.waitUntilReady();
      expect(addressAsked).toEqual([]);
      expect(fromStaffOrigin).toContain('/admin/mf-manifest.json');
      expect(fromStaffOrigin).toContain('/admin/remoteEntry.js');
      expect(fromStaffOrigin.some((p) => /^\/admin\/.+\.[0-9a-f]{10}\.js$/.test(p))).toBe(true);
      expect(fromPortal).toEqual([]);
      expect(violations).toEqual([]);
      await expectNoA11yViolations(page);
    },
  );
});
