import { BASE_URL_ENV, startPortal } from './portal.mjs';

/**
 * Starts one fresh portal for the whole run and returns its teardown. Fails fast, before any browser starts,
 * when the build outputs are missing. With E2E_BASE_URL set, tests that portal instead.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    process.env[BASE_URL_ENV] = external.replace(/\/$/, '');
    return undefined;
  }
  const portal = await startPortal();
  process.env[BASE_URL_ENV] = portal.url;
  console.log(`Portal started at ${portal.url} (DATA_DIR ${portal.dataDir})`);
  return async () => {
    await portal.stop();
  };
}
