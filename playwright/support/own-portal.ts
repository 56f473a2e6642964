import path from 'node:path';
import { enrolStaffSecondFactor, staffedPortal } from './admin';
import { startPortal } from './portal.mjs';
import { expect, test as wizardTest } from './wizard';

/** A portal a spec file starts for itself (see {@link test}). */
export interface OwnPortal {
  url: string;
  /** STAFF's authenticator on this portal (support/admin.ts). */
  totpFile: string;
}

export interface OwnPortalOptions {
  /** Further settings of the portal, e.g. `STATIC_DIR` to serve another build. */
  ownPortalEnv: Record<string, string>;
}

/**
 * Tests on a portal of their own: a fresh database with the staff account (second factor set up) and the
 * synthetic applications the admin list shows (as the run's own portal has them, see staffedPortal), so that what other specs did (and their orders, which count
 * against the per-IP limits) never shows. `test.use({ ownPortalEnv: { STATIC_DIR } })` serves another build.
 */
export const test = wizardTest.extend<object, OwnPortalOptions & { ownPortal: OwnPortal }>({
  ownPortalEnv: [{}, { scope: 'worker', option: true }],
  ownPortal: [
    async ({ ownPortalEnv }, use) => {
      const portal = await startPortal({ quiet: true, ...staffedPortal(), env: ownPortalEnv });
      const totpFile = path.join(portal.dataDir, 'own-portal-staff-totp.json');
      await enrolStaffSecondFactor(portal.url, totpFile);
      await use({ url: portal.url, totpFile });
      await portal.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ ownPortal }, use) => use(ownPortal.url),
});

export { expect };
