import { expect, type APIRequestContext, type BrowserContext, type Cookie } from '@playwright/test';

/** A traveller account the tests create through the real API. */
export interface TestAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Long enough and not on the common-password list. */
export const PASSWORD = 'Lantern-Harbour-42';
export const NEW_PASSWORD = 'Copper-Meadow-Kite-77';

/** A unique lower-case address per call, so tests never share an account (or a per-account rate limit). */
export function uniqueEmail(prefix = 'ann'): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${prefix}.${Date.now().toString(36)}${random}@example.com`;
}

export function newAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  return {
    firstName: 'Ann',
    lastName: 'Lee',
    email: uniqueEmail(),
    password: PASSWORD,
    ...overrides,
  };
}

/**
 * Registers the account with `POST /api/auth/register`. With `page.request` the browser is signed in
 * afterwards (the session cookie lands in the page's context); with the `request` fixture it is not.
 * A verification code is e-mailed either way.
 */
export async function registerThroughApi(
  request: APIRequestContext,
  account: TestAccount = newAccount(),
): Promise<TestAccount> {
  const reply = await request.post('/api/auth/register', {
    data: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
    },
  });
  expect(reply.status(), `register ${account.email}: ${await reply.text()}`).toBe(200);
  return account;
}

/** The user as `GET /api/auth/profile` answers it (libs/contracts User). */
export interface ApiUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  nationality: string | null;
  role: 'user' | 'admin';
  emailVerified: boolean;
  hasPassword: boolean;
  pendingEmail: string | null;
}

/** The signed-in user of `request`'s cookies (null when signed out). */
export async function profileOf(request: APIRequestContext): Promise<ApiUser | null> {
  const reply = await request.get('/api/auth/profile');
  if (reply.status() === 401) return null;
  expect(reply.status(), `GET /api/auth/profile: ${await reply.text()}`).toBe(200);
  return ((await reply.json()) as { data: ApiUser }).data;
}

/** The session cookie of a browser context ('waypoint_session', '__Host-' prefixed in production), if any. */
export async function sessionCookie(context: BrowserContext): Promise<Cookie | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name.endsWith('waypoint_session'));
}

/** A 6-digit code that is certainly not `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}
