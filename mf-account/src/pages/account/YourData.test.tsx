import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiMessages, AuthText } from '@waypoint/contracts';
import { setUser } from '@waypoint/platform';
import {
  callsTo,
  currentPath,
  failure,
  file,
  ok,
  renderProfile,
  traveller,
} from '../../test/renderAccount';

function yourData() {
  return screen.getByRole('region', { name: 'Your data' });
}

describe('your data', () => {
  /** What the browser was handed to save: the file's name and bytes, by the link the page clicked. */
  function savedFiles() {
    const saved: { filename: string; text: Promise<string> }[] = [];
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = (url: string) => void blobs.delete(url);
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ filename: this.download, text: blobs.get(this.href)!.text() });
    });
    return saved;
  }
  afterEach(() => jest.restoreAllMocks());

  const EXPORT = 'GET /api/auth/profile/export';
  const ZIP = file('PK-zip-bytes', 'waypoint-data-2026-11-21.zip');

  it('downloads the zip of everything held, saved under the name the server gave it', async () => {
    const saved = savedFiles();
    const { sent } = await renderProfile({ [EXPORT]: ZIP });
    const user = userEvent.setup();
    await user.click(within(yourData()).getByRole('button', { name: 'Download your data' }));

    expect(
      await within(yourData()).findByText(
        'Your download has started: waypoint-data-2026-11-21.zip.',
      ),
    ).toBeInTheDocument();
    expect(saved.map((f) => f.filename)).toEqual(['waypoint-data-2026-11-21.zip']);
    expect(await saved[0]!.text).toBe('PK-zip-bytes');
    expect(callsTo(sent, EXPORT)).toHaveLength(1);
  });

  it('asks the owner to confirm it is them when the sign-in is not recent, then downloads', async () => {
    const saved = savedFiles();
    const { sent } = await renderProfile({
      [EXPORT]: [
        failure(403, AuthText.recentProofRequired, { code: 'RECENT_PROOF_REQUIRED' }),
        ZIP,
      ],
      'POST /api/auth/recent-proof': ok({ user: traveller }),
    });
    const user = userEvent.setup();
    await user.click(within(yourData()).getByRole('button', { name: 'Download your data' }));

    const proof = await within(yourData()).findByRole('region', { name: 'Confirm it is you' });
    expect(proof).toHaveTextContent(AuthText.recentProofRequired);
    expect(saved).toHaveLength(0);
    // The button that asked is gone: the focus goes to the password.
    const password = within(proof).getByLabelText(/^Your current password/);
    expect(password).toHaveFocus();
    await user.type(password, 'Lantern-Harbour-42');
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));

    expect(
      await within(yourData()).findByText(
        'Your download has started: waypoint-data-2026-11-21.zip.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(sent, 'POST /api/auth/recent-proof')[0]).toMatchObject({
      body: { password: 'Lantern-Harbour-42' },
    });
    expect(callsTo(sent, EXPORT)).toHaveLength(2);
    expect(saved.map((f) => f.filename)).toEqual(['waypoint-data-2026-11-21.zip']);
    expect(within(yourData()).queryByRole('region', { name: 'Confirm it is you' })).toBeNull();
    // The confirmation is gone: the focus is back on the button, not lost.
    expect(within(yourData()).getByRole('button', { name: 'Download your data' })).toHaveFocus();
  });

  it('offers only the emailed code to an account without a password, and says the code is for the download', async () => {
    savedFiles();
    const { sent, store } = await renderProfile({
      [EXPORT]: [
        failure(403, AuthText.recentProofRequired, { code: 'RECENT_PROOF_REQUIRED' }),
        ZIP,
      ],
      'POST /api/auth/recent-proof/code': ok({ sent: true, message: AuthText.recentProofCodeSent }),
      'POST /api/auth/recent-proof': ok({ user: { ...traveller, hasPassword: false } }),
    });
    const user = userEvent.setup();
    await user.click(within(yourData()).getByRole('button', { name: 'Download your data' }));
    const proof = await within(yourData()).findByRole('region', { name: 'Confirm it is you' });
    expect(within(proof).getByLabelText(/^Your current password/)).toBeInTheDocument();

    // The account turns out to have no password (e.g. made by paying as a guest): the box offers the code only.
    act(() => {
      store.dispatch(setUser({ ...traveller, hasPassword: false }));
    });
    expect(within(proof).queryByLabelText(/^Your current password/)).not.toBeInTheDocument();
    await user.click(within(proof).getByRole('button', { name: 'Send me a code' }));
    expect(await within(proof).findByText(AuthText.recentProofCodeSent)).toBeInTheDocument();
    expect(callsTo(sent, 'POST /api/auth/recent-proof/code')[0]?.body).toEqual({
      purpose: 'data-export',
    });
    expect(within(proof).queryByLabelText(/^Your current password/)).not.toBeInTheDocument();
    await user.type(within(proof).getByRole('textbox', { name: /Code from the email/ }), '123456');
    await user.click(within(proof).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(yourData()).findByText(
        'Your download has started: waypoint-data-2026-11-21.zip.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(sent, 'POST /api/auth/recent-proof')[0]?.body).toEqual({ code: '123456' });
  });

  it('gives the focus back to the button when the owner cancels the confirmation', async () => {
    savedFiles();
    await renderProfile({
      [EXPORT]: failure(403, AuthText.recentProofRequired, { code: 'RECENT_PROOF_REQUIRED' }),
    });
    const user = userEvent.setup();
    await user.click(within(yourData()).getByRole('button', { name: 'Download your data' }));
    const proof = await within(yourData()).findByRole('region', { name: 'Confirm it is you' });
    await user.click(within(proof).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(within(yourData()).getByRole('button', { name: 'Download your data' })).toHaveFocus(),
    );
  });

  it('shows why a download was refused, and saves nothing', async () => {
    const saved = savedFiles();
    await renderProfile({
      [EXPORT]: failure(429, ApiMessages['request.rateLimited'], { code: 'RATE_LIMITED' }),
    });
    const user = userEvent.setup();
    await user.click(within(yourData()).getByRole('button', { name: 'Download your data' }));
    expect(
      await within(yourData()).findByText(ApiMessages['request.rateLimited'], {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(within(yourData()).getByRole('button', { name: 'Download your data' })).toBeEnabled();
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

  it('asks an account without a password for an emailed code, and staff for their authenticator code', async () => {
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
    expect(callsTo(sent, 'POST /api/auth/recent-proof/code')[0]?.body).toEqual({
      purpose: 'account-deletion',
    });
    expect(await screen.findByRole('button', { name: 'Send a new code' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Code from the email/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Code from your authenticator app/)).toBeInTheDocument();
  });
});
