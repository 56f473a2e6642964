import { test as base, expect, type Page, type Request } from '@playwright/test';
import { Footer } from '../pages/Footer';
import { Header } from '../pages/Header';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { RemoteFallback } from '../pages/RemoteFallback';
import { TripDetailsPage } from '../pages/TripDetailsPage';
import { BASE_URL_ENV } from './portal.mjs';

export interface PortalFixtures {
  home: HomePage;
  header: Header;
  footer: Footer;
  tripDetails: TripDetailsPage;
  login: LoginPage;
  remoteFallback: RemoteFallback;
}

/** Tests get the address of the portal the global setup started as `baseURL`, and the page objects. */
export const test = base.extend<PortalFixtures>({
  baseURL: async ({ baseURL }, use) => {
    const url = process.env[BASE_URL_ENV] ?? baseURL;
    if (!url)
      throw new Error(`${BASE_URL_ENV} is not set: the global setup did not start the portal`);
    await use(url);
  },
  home: async ({ page }, use) => use(new HomePage(page)),
  header: async ({ page }, use) => use(new Header(page)),
  footer: async ({ page }, use) => use(new Footer(page)),
  tripDetails: async ({ page }, use) => use(new TripDetailsPage(page)),
  login: async ({ page }, use) => use(new LoginPage(page)),
  remoteFallback: async ({ page }, use) => use(new RemoteFallback(page)),
});

export { expect };

/** Every request the page makes from now on whose URL path starts with `prefix`. */
export function recordRequests(page: Page, prefix: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(prefix)) seen.push(request);
  });
  return seen;
}
