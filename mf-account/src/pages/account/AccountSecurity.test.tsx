import { screen, within } from '@testing-library/react';
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

const proofNeeded = failure(403, AuthText.recentProofRequired, { code: 'RECENT_PROOF_REQUIRED' });

describe('recent proof in the profile', () => {
  it('asks for the password before changing the email, then sends the change again', async () => {
    const pending = { ...traveller, pendingEmail: 'augusta@example.com' };
    const { sent } = await renderProfile({
      'PUT /api/auth/profile': [proofNeeded, ok(pending)],
      'POST /api/auth/recent-proof': [
        failure(400, AuthText.wrongPassword, { fieldErrors: { password: AuthText.wrongPassword } }),
        ok({ user: traveller }),
      ],
    });
    const user = userEvent.setup();
    const email = screen.getByRole('textbox', { name: /Email/ });
    await user.clear(email);
    await user.type(email, 'augusta@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const proof = await screen.findByRole('region', { name: 'Confirm it is you' });
    expect(proof).toHaveTextContent(AuthText.recentProofRequired);
    const password = within(proof).getByLabelText(/Your current password/);
    await user.type(password, 'wrong');
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    expect(await within(proof).findByText(AuthText.wrongPassword)).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'Lantern-Harbour-42');
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('region', { name: 'Confirm your new email' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Confirm it is you' })).not.toBeInTheDocument();
    const saves = callsTo(sent, 'PUT /api/auth/profile');
    expect(saves).toHaveLength(2);
    expect(saves[1]?.body).toMatchObject({ email: 'augusta@example.com' });
    expect(callsTo(sent, 'POST /api/auth/recent-proof')[1]?.body).toEqual({
      password: 'Lantern-Harbour-42',
    });
  });

  it('sets a first password after a code sent to the current address', async () => {
    const noPassword = { ...traveller, hasPassword: false };
    const { sent, store } = await renderProfile(
      {
        'PUT /api/auth/password': [
          proofNeeded,
          ok({ user: { ...traveller, hasPassword: true }, notice: AuthText.passwordChanged }),
        ],
        'POST /api/auth/recent-proof/code': ok({
          sent: true,
          message: AuthText.recentProofCodeSent,
        }),
        'POST /api/auth/recent-proof': ok({ user: noPassword }),
      },
      noPassword,
    );
    const user = userEvent.setup();
    const section = screen.getByRole('region', { name: 'Set a password' });
    await user.type(within(section).getByLabelText(/^New password/), 'Meadow-Compass-913');
    await user.type(within(section).getByLabelText(/Confirm new password/), 'Meadow-Compass-91');
    expect(within(section).getAllByText(AuthText.passwordsDoNotMatch).length).toBeGreaterThan(0);
    await user.type(within(section).getByLabelText(/Confirm new password/), '3');
    await user.click(within(section).getByRole('button', { name: 'Save password' }));

    const proof = await within(section).findByRole('region', { name: 'Confirm it is you' });
    // No password to confirm with: only the e-mailed code.
    expect(within(proof).queryByLabelText(/Your current password/)).not.toBeInTheDocument();
    await user.click(within(proof).getByRole('button', { name: 'Send me a code' }));
    expect(await within(proof).findByText(AuthText.recentProofCodeSent)).toBeInTheDocument();
    await user.type(
      within(proof).getByRole('textbox', { name: /Code from the email/ }),
      '12 34 56',
    );
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(AuthText.passwordChanged)).toBeInTheDocument();
    expect(callsTo(sent, 'POST /api/auth/recent-proof/code')[0]?.body).toEqual({
      purpose: 'password-change',
    });
    expect(callsTo(sent, 'POST /api/auth/recent-proof')[0]?.body).toEqual({ code: '123456' });
    expect(callsTo(sent, 'PUT /api/auth/password')).toHaveLength(2);
    expect(store.getState().auth.user?.hasPassword).toBe(true);
    expect(screen.getByRole('region', { name: 'Change password' })).toBeInTheDocument();
  });
});

describe('notices and the undo link', () => {
  it('tells the owner that other browsers were signed out after a first sign-in by link', async () => {
    mockApi({
      'POST /api/auth/verify-token': ok({
        user: traveller,
        notice: AuthText.otherSessionsEnded,
      }),
    });
    await renderAccount('/auth/verify?token=abc&redirect=%2Forders');
    const notice = await screen.findByText(AuthText.otherSessionsEnded);
    expect(notice).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'You are signed in' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/orders');
    expect(currentPath()).toBe('/auth/verify?token=abc&redirect=%2Forders');
  });

  it('undoes a change of email only after a click, and says what happened', async () => {
    const sent = mockApi({
      'POST /api/auth/undo-email-change': [
        failure(400, AuthText.emailChangeUndoInvalid),
        ok({ undone: true, message: AuthText.emailChangeUndone }),
      ],
      'GET /api/auth/profile': failure(401, AuthText.notSignedIn),
    });
    await renderAccount('/auth/undo-email-change?token=tok123');
    const user = userEvent.setup();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByText(AuthText.emailChangeUndoInvalid)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByText(AuthText.emailChangeUndone)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
    expect(callsTo(sent, 'POST /api/auth/undo-email-change')[1]?.body).toEqual({
      token: 'tok123',
    });
  });
});

/** On the login page: ada@example.com, Continue, then `password` and Login. */
async function logInWith(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(await screen.findByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('login', () => {
  it('takes staff to the second step after the password', async () => {
    mockApi({
      'POST /api/auth/check-email': ok({ hasPassword: true }),
      'POST /api/auth/login': ok({
        user: { ...traveller, role: 'admin', secondFactor: 'required' },
      }),
    });
    await renderAccount('/auth/login?redirect=%2Fadmin');
    await logInWith('Lantern-Harbour-42');
    expect(
      await screen.findByText('Enter the code from your authenticator app.'),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/auth/second-factor?redirect=%2Fadmin');
  });

  it('offers the emailed link while wrong passwords are slowed down', async () => {
    const sent = mockApi({
      'POST /api/auth/check-email': ok({ hasPassword: true }),
      'POST /api/auth/login': failure(429, AuthText.passwordThrottled(4), {
        code: 'RATE_LIMITED',
      }),
      'POST /api/auth/sign-in-link': ok({ sent: true, message: AuthText.signInLinkSent }),
    });
    await renderAccount('/auth/login');
    const user = await logInWith('guess');
    expect(await screen.findByText(AuthText.passwordThrottled(4))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link instead' }));
    expect(await screen.findByText(AuthText.signInLinkSent)).toBeInTheDocument();
    expect(callsTo(sent, 'POST /api/auth/sign-in-link')[0]?.body).toEqual({
      email: 'ada@example.com',
    });
  });
});
