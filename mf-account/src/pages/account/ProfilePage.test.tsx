import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthText } from '@waypoint/contracts';
import {
  callsTo,
  currentPath,
  failure,
  mockApi,
  ok,
  renderAccount,
  renderProfile,
  traveller,
} from '../../test/renderAccount';

describe('profile', () => {
  it('sends a guest to log in, remembering the page', async () => {
    mockApi({});
    await renderAccount('/account/profile');
    expect(currentPath()).toBe('/auth/login?redirect=%2Faccount%2Fprofile');
  });

  it("saves the name split on its first space, with 'Saving...' while busy", async () => {
    let answer: (reply: ReturnType<typeof ok>) => void = () => undefined;
    const { sent, store } = await renderProfile({
      'PUT /api/auth/profile': () => new Promise((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Ada Lovelace');
    const nationality = screen.getByRole('combobox', { name: /Nationality/ });
    expect(await screen.findByDisplayValue('United Kingdom')).toBe(nationality);
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('ada@example.com');

    await user.clear(name);
    await user.type(name, 'Augusta Ada King');
    await user.clear(nationality);
    await user.type(nationality, 'fra');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    // The form stays on screen (with what was typed) while the store is busy.
    expect(name).toBeInTheDocument();
    answer(ok({ ...traveller, firstName: 'Augusta', lastName: 'Ada King', nationality: 'FR' }));
    expect(await screen.findByText(AuthText.profileSaved)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(callsTo(sent, 'PUT /api/auth/profile')[0]).toMatchObject({
      contentType: 'application/json',
      body: {
        firstName: 'Augusta',
        lastName: 'Ada King',
        nationality: 'FR',
        email: 'ada@example.com',
      },
    });
    expect(store.getState().auth.user).toMatchObject({ firstName: 'Augusta', nationality: 'FR' });
  });

  it('asks for the code sent to a new email address, and applies it', async () => {
    const pending = { ...traveller, pendingEmail: 'augusta@example.com' };
    const { sent } = await renderProfile({
      'PUT /api/auth/profile': ok(pending),
      'POST /api/auth/verify-email': [
        failure(400, AuthText.codeExpired),
        ok({ ...traveller, email: 'augusta@example.com' }),
      ],
    });
    const user = userEvent.setup();
    const email = screen.getByRole('textbox', { name: /Email/ });
    await user.clear(email);
    await user.type(email, 'augusta@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const section = await screen.findByRole('region', { name: 'Confirm your new email' });
    expect(section).toHaveTextContent(AuthText.emailChangePending);
    expect(section).toHaveTextContent('augusta@example.com');
    // The address changes only once the code is in.
    expect(email).toHaveValue('ada@example.com');

    await user.type(within(section).getByRole('textbox', { name: /Verification code/ }), '654321');
    await user.click(within(section).getByRole('button', { name: 'Verify' }));
    expect(await within(section).findByText(AuthText.codeExpired)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(AuthText.emailVerified)).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Confirm your new email' }),
    ).not.toBeInTheDocument();
    expect(email).toHaveValue('augusta@example.com');
    expect(callsTo(sent, 'POST /api/auth/verify-email')[1]?.body).toEqual({ code: '654321' });
  });

  it('never sends an empty or half name: the error summary leads to the Name field', async () => {
    const { sent, store } = await renderProfile();
    const user = userEvent.setup();
    const name = screen.getByRole('textbox', { name: 'Name' });

    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: AuthText.fullNameRequired })).toHaveAttribute(
      'href',
      '#profile-name',
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(
      `Your first and last name Error: ${AuthText.fullNameRequired}`,
    );

    // One word is only half a name.
    await user.type(name, 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      AuthText.fullNameRequired,
    );
    expect(callsTo(sent, 'PUT /api/auth/profile')).toEqual([]);
    expect(store.getState().auth.user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it("shows the server's refusal of a name on the Name field", async () => {
    await renderProfile({
      'PUT /api/auth/profile': failure(400, AuthText.lastNameRequired, {
        fieldErrors: { lastName: AuthText.lastNameRequired },
      }),
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      AuthText.fullNameRequired,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('requires the email, and shows a failed save in a red box', async () => {
    const { sent } = await renderProfile({
      'PUT /api/auth/profile': [
        { body: { success: false } },
        failure(409, 'An account with this email already exists.', {
          fieldErrors: { email: 'An account with this email already exists.' },
        }),
      ],
    });
    const user = userEvent.setup();
    const email = screen.getByRole('textbox', { name: /Email/ });
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent(AuthText.emailRequired);
    expect(callsTo(sent, 'PUT /api/auth/profile')).toEqual([]);

    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      'An account with this email already exists.',
    );
    expect(email).toHaveAccessibleDescription('Error: An account with this email already exists.');
  });

  it('tells a user without a password that one can be set here', async () => {
    await renderProfile({}, { ...traveller, hasPassword: false });
    expect(screen.getByText(/Your account has no password/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Set a password' })).toBeInTheDocument();
  });

  it('logs out from the side menu and goes home', async () => {
    const { sent, store } = await renderProfile({
      'POST /api/auth/logout': [failure(500), ok({ loggedOut: true })],
    });
    const user = userEvent.setup();
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect(within(menu).getByRole('link', { name: 'Edit personal details' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(menu).getByRole('link', { name: 'My orders' })).toHaveAttribute(
      'href',
      '/orders',
    );

    await user.click(within(menu).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Request failed')).toBeInTheDocument();
    expect(currentPath()).toBe('/account/profile');

    await user.click(within(menu).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(store.getState().auth).toMatchObject({ user: null, isAuthenticated: false });
    expect(callsTo(sent, 'POST /api/auth/logout')[1]).toMatchObject({
      contentType: 'application/json',
      body: {},
    });
  });
});
