import type { Page } from '@playwright/test';

/** A user as `GET /api/auth/profile` returns it (see libs/platform/src/auth/user.ts). */
export interface ProfileUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  nationality: string | null;
  role: 'user' | 'admin';
  /** Staff: where the session stands with the second factor ('verified' once the code was entered). */
  secondFactor?: 'not-required' | 'setup-required' | 'required' | 'verified';
}

export const TRAVELLER: ProfileUser = {
  id: 'u1',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  nationality: 'US',
  role: 'user',
};

export const ADMIN: ProfileUser = {
  id: 'a1',
  email: 'admin@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  nationality: 'GB',
  role: 'admin',
  secondFactor: 'verified',
};

/**
 * Makes the portal see `user` as signed in. The auth API is not built yet, so the profile call (and logout) are
 * answered in the browser with the `{ success, data }` envelope the client expects.
 */
export async function signInAs(page: Page, user: ProfileUser): Promise<void> {
  await page.route('**/api/auth/profile', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: { success: true, data: user } })
      : route.fallback(),
  );
  await page.route('**/api/auth/logout', (route) =>
    route.fulfill({ json: { success: true, data: null } }),
  );
  if (user.role === 'admin') {
    // Where the staff area is deployed, which the API hands only to staff: this portal's own build of it.
    await page.route('**/api/admin/remote', (route) =>
      route.fulfill({
        json: { success: true, data: { entry: '/remotes/admin/mf-manifest.json' } },
      }),
    );
  }
}
