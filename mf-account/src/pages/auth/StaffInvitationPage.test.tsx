import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiMessages, AuthText, type StaffInvitationDetails } from '@waypoint/contracts';
import { selectUser } from '@waypoint/platform';
import { activateLocale } from '@waypoint/ui';
import {
  callsTo,
  currentPath,
  failure,
  mockApi,
  ok,
  renderAccount,
} from '../../test/renderAccount';

const LINK = '/auth/staff-invitation/tok-1';
const DETAILS = 'GET /api/staff/invitations/tok-1';
const ACCEPT = 'POST /api/staff/invitations/tok-1/accept';

const offer: StaffInvitationDetails = {
  email: 'casey@waypoint.test',
  role: 'caseworker',
  expiresAt: '2026-11-22T09:00:00.000Z',
};

const joined = {
  id: 'staff-2',
  email: 'casey@waypoint.test',
  firstName: 'Casey',
  lastName: 'Worker',
  nationality: null,
  role: 'caseworker',
  emailVerified: true,
  hasPassword: true,
  pendingEmail: null,
  secondFactor: 'setup-required',
  locale: 'en',
};

function refusal(status: number, key: keyof typeof ApiMessages) {
  return failure(status, ApiMessages[key], {
    code: status === 404 ? 'NOT_FOUND' : 'GONE',
    messageKey: key,
  });
}

async function fillIn(values: Record<string, string>) {
  const user = userEvent.setup();
  const labels: Record<string, RegExp> = {
    firstName: /^First name/,
    lastName: /^Last name/,
    password: /^Password/,
    confirmPassword: /^Confirm password/,
  };
  for (const [field, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(labels[field] as RegExp), value);
  }
  return user;
}

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('staff invitation', () => {
  it('shows what the invitation offers: the role and the address', async () => {
    mockApi({ [DETAILS]: ok(offer) });
    await renderAccount(LINK);

    expect(
      await screen.findByText("You've been invited to join the Waypoint staff as a caseworker."),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Join the Waypoint staff' }),
    ).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue('casey@waypoint.test');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      expect.stringContaining('Use at least 8 characters.'),
    );
  });

  it('names the role of an admin invitation', async () => {
    mockApi({ [DETAILS]: ok({ ...offer, role: 'admin' }) });
    await renderAccount(LINK);
    expect(
      await screen.findByText("You've been invited to join the Waypoint staff as an admin."),
    ).toBeInTheDocument();
  });

  it('says when the invitation has expired, without a form', async () => {
    mockApi({ [DETAILS]: refusal(410, 'staff.invitationExpired') });
    await renderAccount(LINK);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This invitation can no longer be used',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(ApiMessages['staff.invitationExpired']);
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('offers to log in when the invitation was already used', async () => {
    mockApi({ [DETAILS]: refusal(410, 'staff.invitationUsed') });
    await renderAccount(LINK);
    expect(await screen.findByText(ApiMessages['staff.invitationUsed'])).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
  });

  it('says when the link is unknown', async () => {
    mockApi({ [DETAILS]: refusal(404, 'staff.invitationNotFound') });
    await renderAccount(LINK);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation link does not work' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(ApiMessages['staff.invitationNotFound']);
  });

  it('offers to try again when the invitation could not be checked', async () => {
    mockApi({ [DETAILS]: [failure(503), ok(offer)] });
    await renderAccount(LINK);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not check your invitation' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/^Password/)).toBeInTheDocument();
  });

  it('checks the form before sending anything', async () => {
    const sent = mockApi({ [DETAILS]: ok(offer) });
    await renderAccount(LINK);
    await screen.findByLabelText(/^Password/);
    const user = await fillIn({ password: 'short', confirmPassword: 'shorter' });
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      AuthText.firstNameRequired,
      AuthText.lastNameRequired,
      AuthText.passwordTooShort,
      AuthText.passwordsDoNotMatch,
    ]);
    expect(callsTo(sent, ACCEPT)).toEqual([]);
  });

  it('accepts: sends the name and password, signs in, and goes on to set up the authenticator', async () => {
    const sent = mockApi({ [DETAILS]: ok(offer), [ACCEPT]: ok({ user: joined }) });
    const { store } = await renderAccount(LINK);
    await screen.findByLabelText(/^Password/);
    const user = await fillIn({
      firstName: 'Casey',
      lastName: 'Worker',
      password: 'analytical-engine',
      confirmPassword: 'analytical-engine',
    });
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Welcome to the Waypoint staff');
    expect(status).toHaveTextContent(
      'Your account is ready and you are signed in. Now set up your authenticator app: you will enter a code from it each time you sign in.',
    );
    expect(status).toHaveFocus();
    expect(callsTo(sent, ACCEPT).map((call) => call.body)).toEqual([
      {
        firstName: 'Casey',
        lastName: 'Worker',
        password: 'analytical-engine',
        confirmPassword: 'analytical-engine',
      },
    ]);
    expect(selectUser(store.getState())).toMatchObject({
      email: 'casey@waypoint.test',
      role: 'caseworker',
      secondFactor: 'setup-required',
    });

    await user.click(screen.getByRole('button', { name: 'Set up your authenticator app' }));
    expect(currentPath()).toBe('/auth/second-factor?redirect=%2Fadmin');
  });

  it('says when the invitation was withdrawn while the form was open', async () => {
    mockApi({ [DETAILS]: ok(offer), [ACCEPT]: refusal(410, 'staff.invitationRevoked') });
    await renderAccount(LINK);
    await screen.findByLabelText(/^Password/);
    const user = await fillIn({
      firstName: 'Casey',
      lastName: 'Worker',
      password: 'analytical-engine',
      confirmPassword: 'analytical-engine',
    });
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This invitation can no longer be used',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(ApiMessages['staff.invitationRevoked']);
  });

  it("puts the server's password error on the password field", async () => {
    mockApi({
      [DETAILS]: ok(offer),
      [ACCEPT]: failure(400, 'Please correct the highlighted fields', {
        code: 'VALIDATION_FAILED',
        fieldErrors: { password: AuthText.passwordTooCommon },
      }),
    });
    await renderAccount(LINK);
    await screen.findByLabelText(/^Password/);
    const user = await fillIn({
      firstName: 'Casey',
      lastName: 'Worker',
      password: 'password1',
      confirmPassword: 'password1',
    });
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveTextContent(AuthText.passwordTooCommon);
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      expect.stringContaining(AuthText.passwordTooCommon),
    );
  });

  it('shows the invitation in French', async () => {
    await act(() => activateLocale('fr'));
    mockApi({ [DETAILS]: ok({ ...offer, role: 'admin' }) });
    await renderAccount(LINK);
    expect(
      await screen.findByText(
        'Vous êtes invité à rejoindre l’équipe Waypoint en tant qu’administrateur.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Rejoindre l’équipe Waypoint' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accepter l’invitation' })).toBeInTheDocument();
  });
});
