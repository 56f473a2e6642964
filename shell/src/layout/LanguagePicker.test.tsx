import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOCALE_COOKIE } from '@waypoint/contracts';
import { activateLocale } from '@waypoint/ui';
import {
  countriesReply,
  guestProfile,
  mockApi,
  profileOf,
  renderApp,
  traveller,
} from '../test/renderApp';

afterEach(async () => {
  await act(() => activateLocale('en'));
  document.cookie = `${LOCALE_COOKIE}=; Max-Age=0; Path=/`;
});

describe('choosing a language', () => {
  it('shows the page in the chosen language at once, sets <html lang dir> and keeps the choice', async () => {
    mockApi({ '/api/reference/countries': countriesReply, '/api/auth/profile': guestProfile });
    await renderApp({ path: '/' });
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Apply for your UK travel permission online, fast',
      }),
    ).toBeInTheDocument();

    // The header's picker names each language in itself.
    const [picker] = screen.getAllByRole('combobox', { name: 'Language' });
    expect(
      Array.from((picker as HTMLSelectElement).options, (option) => option.textContent),
    ).toEqual(['English', 'Français', 'Deutsch', 'Español', 'العربية']);

    await userEvent.selectOptions(picker!, 'fr');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
        /^Demandez .* autorisation de voyage/,
      ),
    );
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=fr`);
    // Every picker shows the choice (header and footer).
    for (const select of screen.getAllByRole('combobox', { name: /Langue/ })) {
      expect(select).toHaveValue('fr');
    }

    // Arabic mirrors the page.
    await userEvent.selectOptions(screen.getAllByRole('combobox', { name: /Langue/ })[0]!, 'ar');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^قدّم طلب تصريح السفر/);
  });

  it('names the countries of the picker in the chosen language', async () => {
    mockApi({ '/api/reference/countries': countriesReply, '/api/auth/profile': guestProfile });
    await act(() => activateLocale('de'));
    await renderApp({ path: '/' });
    const [input] = await screen.findAllByRole('combobox', {
      name: /Woher kommen Sie|Staatsangeh/,
    });
    await userEvent.click(input!);
    await userEvent.clear(input!);
    await userEvent.type(input!, 'Verein');
    expect(await screen.findAllByRole('option', { name: /Vereinigte Staaten/ })).not.toHaveLength(
      0,
    );
  });

  it('keeps the choice in the profile of a signed-in traveller, and only theirs', async () => {
    const signedIn = { ...traveller, locale: 'en' as const };
    const requests = mockApi({
      '/api/reference/countries': countriesReply,
      'GET /api/auth/profile': profileOf(signedIn),
      'PUT /api/auth/profile/locale': profileOf({ ...signedIn, locale: 'es' }),
    });
    const { store } = await renderApp({ path: '/', savedUser: signedIn });
    const [picker] = screen.getAllByRole('combobox', { name: 'Language' });
    await userEvent.selectOptions(picker!, 'es');
    await waitFor(() => expect(store.getState().auth.user?.locale).toBe('es'));
    const saves = requests.filter((r) => r.url.endsWith('/api/auth/profile/locale'));
    expect(saves).toHaveLength(1);
    expect(saves[0]!.method).toBe('PUT');
    expect(await saves[0]!.clone().json()).toEqual({ locale: 'es' });
    expect(document.documentElement).toHaveAttribute('lang', 'es');
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=es`);
  });

  it('saves nothing for a guest', async () => {
    const guestRequests = mockApi({
      '/api/reference/countries': countriesReply,
      '/api/auth/profile': guestProfile,
    });
    await renderApp({ path: '/' });
    await userEvent.selectOptions(screen.getAllByRole('combobox', { name: 'Language' })[0]!, 'de');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'de'));
    expect(guestRequests.some((r) => r.url.endsWith('/api/auth/profile/locale'))).toBe(false);
  });

  it('keeps the choice in the cookie quietly when the profile cannot be saved', async () => {
    const signedIn = { ...traveller, locale: 'en' as const };
    const requests = mockApi({
      '/api/reference/countries': countriesReply,
      'GET /api/auth/profile': profileOf(signedIn),
      'PUT /api/auth/profile/locale': {
        status: 503,
        body: { success: false, error: 'Busy', code: 'UNAVAILABLE', requestId: 't' },
      },
    });
    const { store } = await renderApp({ path: '/', savedUser: signedIn });
    await userEvent.selectOptions(screen.getAllByRole('combobox', { name: 'Language' })[0]!, 'fr');
    await waitFor(() =>
      expect(requests.some((r) => r.url.endsWith('/api/auth/profile/locale'))).toBe(true),
    );
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'fr'));
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=fr`);
    expect(store.getState().auth).toMatchObject({ error: null, user: { locale: 'en' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
