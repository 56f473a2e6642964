import {
  test as base,
  expect,
  type BrowserContext,
  type Page,
  type Request,
} from '@playwright/test';
import { Footer } from '../pages/Footer';
import { ForgotPasswordPage } from '../pages/ForgotPasswordPage';
import { Header } from '../pages/Header';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { OrdersPage } from '../pages/OrdersPage';
import { ProfilePage } from '../pages/ProfilePage';
import { RegisterPage } from '../pages/RegisterPage';
import { RemoteFallback } from '../pages/RemoteFallback';
import { ResetPasswordPage } from '../pages/ResetPasswordPage';
import { SignInLinkPage } from '../pages/SignInLinkPage';
import { TripDetailsPage } from '../pages/TripDetailsPage';
import { VerifyEmailPage } from '../pages/VerifyEmailPage';
import { DevMailbox } from './mailbox';
import { BASE_URL_ENV } from './portal.mjs';

export interface PortalFixtures {
  home: HomePage;
  header: Header;
  footer: Footer;
  tripDetails: TripDetailsPage;
  login: LoginPage;
  register: RegisterPage;
  verifyEmail: VerifyEmailPage;
  signInLink: SignInLinkPage;
  forgotPassword: ForgotPasswordPage;
  resetPassword: ResetPasswordPage;
  profile: ProfilePage;
  orders: OrdersPage;
  remoteFallback: RemoteFallback;
  /** The development mailbox of the portal under test. */
  mailbox: DevMailbox;
}

/** The requests each page has on its way, for the pages of contexts given to tests (see {@link networkQuiet}). */
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(context: BrowserContext): void {
  const pageOf = (request: Request): Page | null => {
    try {
      return request.frame().page();
    } catch {
      return null; // a service worker's request: no page of its own
    }
  };
  const watch = (page: Page) => {
    if (!inFlight.has(page)) inFlight.set(page, new Set());
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  context.on('request', (request) => {
    // A live event stream stays open as long as the page does: it is never "on its way".
    if (request.resourceType() === 'eventsource') return;
    const page = pageOf(request);
    if (page) inFlight.get(page)?.add(request);
  });
  const done = (request: Request) => {
    const page = pageOf(request);
    if (page) inFlight.get(page)?.delete(request);
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
}

/**
 * Resolves once `page` has had no request on its way for `quietMs` (its live event stream aside). Playwright's
 * `networkidle` waits for 500 ms of quiet on every call; the pages a test gets know what they have on their way,
 * so this waits only as long as a request is. Pages of contexts a test made itself fall back to `networkidle`.
 */
export async function networkQuiet(page: Page, quietMs = 100, timeoutMs = 20_000): Promise<void> {
  const pending = inFlight.get(page);
  if (!pending) return page.waitForLoadState('networkidle', { timeout: timeoutMs });
  const until = Date.now() + timeoutMs;
  let quietSince = Date.now();
  for (;;) {
    if (pending.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    if (Date.now() > until)
      throw new Error(
        `requests still on their way after ${timeoutMs} ms: ${[...pending].map((r) => r.url()).join(', ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Tests get the address of the portal the global setup started as `baseURL`, and the page objects. */
export const test = base.extend<PortalFixtures>({
  context: async ({ context }, use) => {
    trackRequests(context);
    await use(context);
  },
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
  register: async ({ page }, use) => use(new RegisterPage(page)),
  verifyEmail: async ({ page }, use) => use(new VerifyEmailPage(page)),
  signInLink: async ({ page }, use) => use(new SignInLinkPage(page)),
  forgotPassword: async ({ page }, use) => use(new ForgotPasswordPage(page)),
  resetPassword: async ({ page }, use) => use(new ResetPasswordPage(page)),
  profile: async ({ page }, use) => use(new ProfilePage(page)),
  orders: async ({ page }, use) => use(new OrdersPage(page)),
  remoteFallback: async ({ page }, use) => use(new RemoteFallback(page)),
  mailbox: async ({ request }, use) => use(new DevMailbox(request)),
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

/**
 * Holds the page's requests to `url` (a glob; only those with `method` when given) until the returned function
 * is called, so a test can look at the screen while the call is on its way (spinners, busy buttons). Afterwards
 * they pass through unchanged.
 */
export async function holdRequests(page: Page, url: string, method?: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    await released;
    await route.fallback();
  });
  return release;
}
