import { act, waitFor } from '@testing-library/react';
import { LOCALE_COOKIE } from '@waypoint/contracts';
import { activateLocale, currentLocale } from '@waypoint/ui';
import { createAppStore } from '../store';
import { answerRequests, jsonResponse } from '../test-utils';
import { loadProfile, login, saveLocale, setUser } from './authSlice';

const user = {
  id: 'u1',
  email: 'amira@example.com',
  firstName: 'Amira',
  lastName: 'Haddad',
  nationality: 'JO',
  role: 'user' as const,
};

function newStore() {
  window.localStorage.clear();
  return createAppStore({ storage: window.localStorage });
}

afterEach(async () => {
  await act(() => activateLocale('en'));
  document.cookie = `${LOCALE_COOKIE}=; Max-Age=0; Path=/`;
});

describe('the account’s language after signing in', () => {
  it('becomes the page’s language at once and is kept in the cookie', async () => {
    const store = newStore();
    answerRequests(jsonResponse({ success: true, data: { user: { ...user, locale: 'ar' } } }));
    await store.dispatch(login({ email: user.email, password: 'secret-password' }));
    expect(store.getState().auth.user?.locale).toBe('ar');
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=ar`);
    await waitFor(() => expect(currentLocale()).toBe('ar'));
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('is applied when the profile loads, and leaves the page alone when they agree', async () => {
    const store = newStore();
    answerRequests(
      jsonResponse({ success: true, data: { user: { ...user, locale: 'en' } } }),
      jsonResponse({ success: true, data: { user: { ...user, locale: 'fr' } } }),
    );
    await store.dispatch(loadProfile());
    expect(document.cookie).not.toContain(LOCALE_COOKIE);
    expect(currentLocale()).toBe('en');

    await store.dispatch(loadProfile());
    await waitFor(() => expect(currentLocale()).toBe('fr'));
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=fr`);
  });

  it('gives an account without a language the page’s, without changing the page', async () => {
    await act(() => activateLocale('de'));
    const store = newStore();
    const requests = answerRequests(
      jsonResponse({ success: true, data: { user: { ...user, locale: null } } }),
      jsonResponse({ success: true, data: { user: { ...user, locale: 'de' } } }),
    );
    await store.dispatch(login({ email: user.email, password: 'secret-password' }));
    await waitFor(() => expect(store.getState().auth.user?.locale).toBe('de'));
    expect(requests).toHaveLength(2);
    expect(new URL(requests[1]!.url).pathname).toBe('/api/auth/profile/locale');
    expect(await requests[1]!.json()).toEqual({ locale: 'de' });
    expect(currentLocale()).toBe('de');
  });

  it('changes nothing for an account saved before it had a language', async () => {
    const store = newStore();
    answerRequests(jsonResponse({ success: true, data: { user } }));
    await store.dispatch(loadProfile());
    expect(store.getState().auth.user).not.toHaveProperty('locale');
    expect(currentLocale()).toBe('en');
    expect(document.cookie).not.toContain(LOCALE_COOKIE);
  });
});

describe('saving a chosen language to the profile', () => {
  it('sends it for a signed-in traveller and keeps the updated account', async () => {
    const store = newStore();
    store.dispatch(setUser({ ...user, locale: 'en' }));
    const requests = answerRequests(
      jsonResponse({ success: true, data: { ...user, locale: 'de' } }),
    );
    store.dispatch(saveLocale('de'));
    await waitFor(() => expect(store.getState().auth.user?.locale).toBe('de'));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe('PUT');
    expect(new URL(requests[0]!.url).pathname).toBe('/api/auth/profile/locale');
    expect(await requests[0]!.json()).toEqual({ locale: 'de' });
  });

  it('sends nothing for a guest, and ignores a failure quietly', async () => {
    const store = newStore();
    const requests = answerRequests(new Error('offline'));
    store.dispatch(saveLocale('fr'));
    expect(requests).toHaveLength(0);

    store.dispatch(setUser({ ...user, locale: 'en' }));
    store.dispatch(saveLocale('fr'));
    await waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().auth).toMatchObject({ error: null, user: { locale: 'en' } });
  });
});
