import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/portal.mjs';

/**
 * Browser tests of the built portal. The global setup starts `services/api/dist/server.js` on a free port
 * against a fresh PGlite database (see support/portal.mjs); the tests get its address as `baseURL` through
 * support/fixtures.ts. Set E2E_BASE_URL to test an already running portal instead.
 */
export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  // Two workers on the one portal: a test often waits on the browser or the portal, so two keep two cores busier
  // (docs/testing.md, Browser tests).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunchOptions(),
    locale: 'en-GB',
    // Recording a trace costs every test time; in CI a failing test's retry records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium' }],
});
