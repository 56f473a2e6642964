import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadProfile, selectSelectedCountryId, useAppSelector } from '@waypoint/platform';
import {
  countriesReply,
  guestProfile,
  mockApi,
  profileOf,
  renderApp,
  shownPath,
  traveller,
} from './test/renderApp';

function TripDetailsProbe() {
  const countryId = useAppSelector(selectSelectedCountryId);
  return (
    <>
      <h1>Trip details</h1>
      <p>Chosen country: {countryId}</p>
    </>
  );
}

const applyModule = {
  mounts: { application: [{ path: 'trip-details', element: <TripDetailsProbe /> }] },
};

describe('home page', () => {
  it('loads the countries and Get started opens trip details with the chosen country', async () => {
    const user = userEvent.setup();
    const requests = mockApi({
      '/api/reference/countries': countriesReply,
      '/api/auth/profile': guestProfile,
    });
    const { store, loader } = await renderApp({ load: async () => applyModule });
    await act(() => store.dispatch(loadProfile()));

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      /Apply for your UK travel permission/,
    );
    const [hero] = screen.getAllByRole('combobox', { name: /Where are you from\?/ });
    await waitFor(() => expect(hero).toHaveValue('United States'));
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(
      expect.arrayContaining(['/api/reference/countries', '/api/auth/profile']),
    );

    await user.clear(hero!);
    await user.type(hero!, 'fra');
    await user.keyboard('{Enter}');
    expect(hero).toHaveValue('France');
    const [getStarted] = screen.getAllByRole('button', { name: 'Get started' });
    await act(() => user.click(getStarted!));

    const heading = await screen.findByRole('heading', { name: 'Trip details' });
    // Focus moves to the new page's heading (focusable by script only, not a tab stop).
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(screen.getByText('Chosen country: FR')).toBeInTheDocument();
    expect(shownPath()).toBe('/application/trip-details');
    expect(loader).toHaveBeenCalledWith('apply');
    expect(loader).not.toHaveBeenCalledWith('admin');
  });

  it('shows the why-choose-us tiles, the three steps, five reviews and a second picker', async () => {
    mockApi({ '/api/reference/countries': countriesReply, '/api/auth/profile': guestProfile });
    await renderApp();
    for (const tile of ['Effortless process', '99% approval rate', 'Secure', '24/7 support']) {
      expect(screen.getByRole('heading', { name: tile })).toBeInTheDocument();
    }
    for (const [index, step] of ['Apply', 'Leave the rest to us', 'Enjoy your visit'].entries()) {
      expect(
        screen.getByRole('heading', { name: `Step ${index + 1}: ${step}` }),
      ).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Apply now' })).toHaveAttribute(
      'href',
      '/application/trip-details',
    );
    expect(screen.getAllByRole('figure')).toHaveLength(5);
    expect(screen.getAllByRole('combobox', { name: /Where are you from\?/ })).toHaveLength(2);
    await screen.findAllByDisplayValue('United States');
  });
});

describe('header', () => {
  it('offers Log in to a guest, and no My orders', async () => {
    mockApi({ '/api/reference/countries': countriesReply, '/api/auth/profile': guestProfile });
    await renderApp({ path: '/terms' });
    expect(screen.getByRole('link', { name: 'Waypoint' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByText(/not affiliated with the UK government/)).toBeInTheDocument();
  });

  it('shows My orders and the avatar menu to a signed-in user, and logs out to home', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    const requests = mockApi({
      '/api/reference/countries': countriesReply,
      '/api/auth/profile': () => (signedIn ? profileOf(traveller) : guestProfile),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return { body: { success: true, data: null } };
      },
    });
    const { store } = await renderApp({ path: '/privacy', savedUser: traveller });
    await act(() => store.dispatch(loadProfile()));

    expect(screen.getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    const avatar = screen.getByRole('button', { name: 'Account menu for Ada Lovelace' });
    expect(avatar).toHaveTextContent('A');
    expect(avatar).toHaveAttribute('aria-expanded', 'false');

    await user.click(avatar);
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Account settings' })).toHaveAttribute(
      'href',
      '/account/profile',
    );
    await user.keyboard('{Escape}');
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
    expect(avatar).toHaveFocus();

    await user.click(avatar);
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
    await waitFor(() => expect(shownPath()).toBe('/'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      /Apply for your UK travel permission/,
    );
    expect(requests.map((request) => request.method)).toContain('POST');
  });

  it('opens the mobile menu in a drawer that closes with Escape', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/reference/countries': countriesReply, '/api/auth/profile': guestProfile });
    await renderApp({ path: '/terms' });
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Log in' })).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });
});

describe('remote areas', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows a clear message inside the layout when a remote fails, and Try again loads it without a reload', async () => {
    const user = userEvent.setup();
    // React reports errors caught by an error boundary on the console.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ '/api/auth/profile': guestProfile });
    let attempts = 0;
    const { loader } = await renderApp({
      path: '/application/trip-details',
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('Failed to fetch mf-manifest.json');
        return applyModule;
      },
    });

    expect(
      await screen.findByRole('heading', { name: 'This part of the site could not be loaded.' }),
    ).toBeInTheDocument();
    // The rest of the site keeps working.
    expect(screen.getByRole('link', { name: 'Waypoint' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy' })).toBeInTheDocument();

    await act(() => user.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('heading', { name: 'Trip details' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
    expect(
      screen.queryByText('This part of the site could not be loaded.'),
    ).not.toBeInTheDocument();
  });

  it('says an area is being updated when it was built for another major version of the platform, and logs both versions', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ '/api/auth/profile': guestProfile });
    // Module Federation's refusal of a strict singleton outside the remote's range.
    const refusal = new Error(
      '[ Federation Runtime ]: Version 1.0.0 from shell of shared singleton module @waypoint/platform does not satisfy the requirement of apply which needs ^2.0.0)',
    );
    const { reported } = await renderApp({
      path: '/application/trip-details',
      load: () => Promise.reject(refusal),
    });
    expect(
      await screen.findByRole('heading', { name: 'This part of the site is being updated.' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/A new version is on its way: please try again in a few minutes\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy' })).toBeInTheDocument();
    await waitFor(() =>
      expect(reported.map((error) => (error as Error).message)).toContain(
        'The apply area needs @waypoint/platform ^2.0.0, but the portal provides 1.0.0',
      ),
    );
  });

  it('catches a remote page that throws while rendering', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/auth/profile': guestProfile });
    let broken = true;
    function Fragile() {
      if (broken) throw new Error('Render failure');
      return <h1>Trip details</h1>;
    }
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderApp({
      path: '/application/trip-details',
      load: async () => ({
        mounts: { application: [{ path: 'trip-details', element: <Fragile /> }] },
      }),
    });
    expect(
      await screen.findByRole('heading', { name: 'This part of the site could not be loaded.' }),
    ).toBeInTheDocument();
    broken = false;
    await act(() => user.click(screen.getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('heading', { name: 'Trip details' })).toBeInTheDocument();
    spy.mockRestore();
  });

  it('sends a guest on /admin to login, remembering the path, without loading the admin area', async () => {
    mockApi({ '/api/auth/profile': guestProfile });
    const { store, loader } = await renderApp({ path: '/admin/applications' });
    await act(() => store.dispatch(loadProfile()));
    await waitFor(() => expect(shownPath()).toBe('/auth/login?redirect=%2Fadmin%2Fapplications'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(loader).not.toHaveBeenCalledWith('admin');
  });

  it('shows not authorised to a signed-in traveller on /admin, without loading the admin area', async () => {
    mockApi({ '/api/auth/profile': profileOf(traveller) });
    const { store, loader } = await renderApp({ path: '/admin', savedUser: traveller });
    let pending: Promise<unknown> = Promise.resolve();
    act(() => {
      pending = store.dispatch(loadProfile());
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(() => pending);
    expect(
      screen.getByRole('heading', { name: 'You are not authorised to see this page' }),
    ).toBeInTheDocument();
    expect(loader).not.toHaveBeenCalled();
  });

  it('loads the admin area for a signed-in admin', async () => {
    const admin = { ...traveller, role: 'admin' as const };
    mockApi({ '/api/auth/profile': profileOf(admin) });
    const { store, loader } = await renderApp({
      path: '/admin',
      savedUser: admin,
      load: async () => ({ mounts: { admin: [{ index: true, element: <h1>Dashboard</h1> }] } }),
    });
    await act(() => store.dispatch(loadProfile()));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('admin');
  });

  it('shows staff pages without the public footer, the language picker staying in the header', async () => {
    const admin = { ...traveller, role: 'admin' as const };
    mockApi({ '/api/auth/profile': profileOf(admin) });
    const { store } = await renderApp({
      path: '/admin/applications',
      savedUser: admin,
      load: async () => ({
        mounts: { admin: [{ path: '*', element: <h1>Applications</h1> }] },
      }),
    });
    await act(() => store.dispatch(loadProfile()));
    await screen.findByRole('heading', { name: 'Applications', level: 1 });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Terms' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
  });

  it.each(['admin', 'caseworker'] as const)(
    "gives staff (%s) one link to the staff area, whose own menu leads on, instead of the traveller's My orders",
    async (role) => {
      const staff = { ...traveller, role };
      mockApi({ '/api/auth/profile': profileOf(staff) });
      const { store } = await renderApp({
        path: '/admin/applications',
        savedUser: staff,
        load: async () => ({
          mounts: { admin: [{ path: '*', element: <h1>Applications</h1> }] },
        }),
      });
      await act(() => store.dispatch(loadProfile()));
      await screen.findByRole('heading', { name: 'Applications', level: 1 });
      const nav = screen.getByRole('navigation', { name: 'Main' });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual([['Staff area', '/admin']]);
      // Current on every page of the staff area.
      expect(within(nav).getByRole('link', { name: 'Staff area' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(screen.queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
      expect(within(nav).getByRole('button', { name: /^Account menu for / })).toBeInTheDocument();

      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Menu' }));
      const menu = screen.getByRole('dialog', { name: 'Menu' });
      expect(within(menu).getByRole('link', { name: 'Staff area' })).toHaveAttribute(
        'href',
        '/admin',
      );
      expect(within(menu).queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
    },
  );

  it('shows staff who have yet to set up their second factor neither the staff area nor My orders', async () => {
    const pending = {
      ...traveller,
      role: 'caseworker' as const,
      secondFactor: 'setup-required' as const,
    };
    mockApi({ '/api/auth/profile': profileOf(pending) });
    const { store } = await renderApp({ path: '/privacy', savedUser: pending });
    await act(() => store.dispatch(loadProfile()));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() =>
      expect(within(nav).getByRole('button', { name: /^Account menu for / })).toBeInTheDocument(),
    );
    expect(within(nav).queryByRole('link', { name: 'Staff area' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).queryByRole('link', { name: 'Staff area' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
  });

  it('opens the links of a reminder email in their areas: a new application, and stopping the reminders', async () => {
    mockApi({ '/api/auth/profile': guestProfile });
    const areas: Record<string, unknown> = {
      apply: { mounts: { renew: [{ index: true, element: <h1>Start a new application</h1> }] } },
      account: {
        mounts: { reminders: [{ path: 'unsubscribe', element: <h1>Stop reminders</h1> }] },
      },
    };
    const load = async (name: string) => areas[name];

    const renew = await renderApp({ path: '/renew?token=tok', load });
    expect(
      await screen.findByRole('heading', { name: 'Start a new application' }),
    ).toBeInTheDocument();
    expect(renew.loader.mock.calls).toEqual([['apply']]);
    renew.unmount();

    const stop = await renderApp({ path: '/reminders/unsubscribe?token=tok', load });
    expect(await screen.findByRole('heading', { name: 'Stop reminders' })).toBeInTheDocument();
    expect(stop.loader.mock.calls).toEqual([['account']]);
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it('shows Page not found for an unknown address, inside the layout', async () => {
    mockApi({ '/api/auth/profile': guestProfile });
    await renderApp({ path: '/no-such-page' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Waypoint' })).toBeInTheDocument();
  });
});
