import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiMessages, AuthText } from '@waypoint/contracts';
import {
  callsTo,
  currentPath,
  failure,
  ok,
  renderProfile,
  traveller,
} from '../../test/renderAccount';

function yourData() {
  return screen.getByRole('region', { name: 'Your data' });
}

describe('your data', () => {
  it('offers the zip of everything held as a real download', async () => {
    await renderProfile();
    const link = within(yourData()).getByRole('link', { name: 'Download your data' });
    expect(link).toHaveAttribute('href', '/api/auth/profile/export');
    expect(link).toHaveAttribute('download');
  });

  it('says what is erased and kept, asks for the password, and shows a wrong one on the field', async () => {
    const { sent } = await renderProfile({
      'POST /api/auth/profile/delete': failure(400, AuthText.wrongPassword, {
        fieldErrors: { password: AuthText.wrongPassword },
      }),
    });
    const user = userEvent.setup();
    await user.click(within(yourData()).getByRole('button', { name: 'Delete your account' }));
    const step = screen.getByRole('region', {
      name: 'Are you sure you want to delete your account?',
    });
    expect(step).toHaveTextContent('your uploaded documents (passport pages and photos)');
    expect(step).toHaveTextContent('for six years');

    const confirm = within(step).getByRole('button', { name: 'Delete my account permanently' });
    await user.click(confirm);
    const password = within(step).getByLabelText(/^Your current password/);
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining(ApiMessages['personalData.passwordRequired']),
    );
    expect(password).toHaveFocus();
    expect(callsTo(sent, 'POST /api/auth/profile/delete')).toHaveLength(0);

    await user.type(password, 'wrong-password');
    await user.click(confirm);
    expect(
      await within(step).findByText(AuthText.wrongPassword, { exact: false }),
    ).toBeInTheDocument();
    expect(callsTo(sent, 'POST /api/auth/profile/delete')[0]).toMatchObject({
      body: { password: 'wrong-password' },
    });

    // Cancel closes the step and gives the focus back to the button that opened it.
    await user.click(within(step).getByRole('button', { name: 'Cancel' }));
    expect(
      await within(yourData()).findByRole('button', { name: 'Delete your account' }),
    ).toHaveFocus();
  });

  it('signs out and lands on the home page after the deletion', async () => {
    const { sent, store } = await renderProfile({
      'POST /api/auth/profile/delete': ok({
        deleted: true,
        message: ApiMessages['personalData.deleted'],
      }),
    });
    const user = userEvent.setup();
    await user.click(within(yourData()).getByRole('button', { name: 'Delete your account' }));
    await user.type(screen.getByLabelText(/^Your current password/), 'Lantern-Harbour-42');
    await user.click(screen.getByRole('button', { name: 'Delete my account permanently' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
    // Signed out as the page goes: React runs the page's clean-up after the home page is drawn.
    await waitFor(() => expect(store.getState().auth.user).toBeNull());
    expect(window.history.state?.usr).toEqual({ notice: 'account-deleted' });
    expect(callsTo(sent, 'POST /api/auth/profile/delete')[0]).toMatchObject({
      contentType: 'application/json',
      body: { password: 'Lantern-Harbour-42' },
    });
  });

  it('asks an account without a password for an e-mailed code, and staff for their authenticator code', async () => {
    const { sent } = await renderProfile(
      {
        'POST /api/auth/recent-proof/code': ok({
          sent: true,
          message: AuthText.recentProofCodeSent,
        }),
      },
      { ...traveller, hasPassword: false, role: 'admin', secondFactor: 'verified' },
    );
    const user = userEvent.setup();
    await user.click(within(yourData()).getByRole('button', { name: 'Delete your account' }));
    expect(screen.queryByLabelText(/^Your current password/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(callsTo(sent, 'POST /api/auth/recent-proof/code')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Send a new code' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Code from the email/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Code from your authenticator app/)).toBeInTheDocument();
  });
});
