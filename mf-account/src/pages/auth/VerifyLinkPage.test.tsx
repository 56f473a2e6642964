import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuthText } from '@waypoint/contracts';
import {
  callsTo,
  currentPath,
  failure,
  mockApi,
  ok,
  renderAccount,
  traveller,
} from '../../test/renderAccount';

describe('sign-in link', () => {
  it("shows 'Please wait...' while the link is checked, then signs in and goes to the remembered page", async () => {
    let answer: (reply: ReturnType<typeof ok>) => void = () => undefined;
    const sent = mockApi({
      'POST /api/auth/verify-token': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/applications/my-applications': ok([]),
    });
    const { store } = await renderAccount('/auth/verify?token=abc123&redirect=%2Forders');
    expect(screen.getByRole('status')).toHaveTextContent('Please wait...');

    answer(ok({ user: traveller }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    expect(currentPath()).toBe('/orders');
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, user: traveller });
    expect(callsTo(sent, 'POST /api/auth/verify-token')[0]).toMatchObject({
      contentType: 'application/json',
      body: { token: 'abc123' },
    });
  });

  it('shows the error in a red banner at the top when the link is invalid', async () => {
    mockApi({ 'POST /api/auth/verify-token': failure(400, AuthText.signInLinkInvalid) });
    await renderAccount('/auth/verify?token=used');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(AuthText.signInLinkInvalid);
    expect(document.querySelector('.wp-status-page')?.firstElementChild).toHaveTextContent(
      AuthText.signInLinkInvalid,
    );
    expect(screen.queryByText('Please wait...')).not.toBeInTheDocument();
    // The heading says what happened, never 'Signing you in' above a failure.
    expect(
      screen.getByRole('heading', { level: 1, name: 'This sign-in link has expired' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Signing you in' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('This sign-in link has expired – Waypoint'));
    expect(screen.getByRole('link', { name: 'log in' })).toHaveAttribute('href', '/auth/login');
    expect(currentPath()).toBe('/auth/verify?token=used');
  });

  it('offers to try again when the server could not answer, and then signs in', async () => {
    mockApi({
      'POST /api/auth/verify-token': [
        failure(503, 'We are very busy right now.'),
        ok({ user: traveller }),
      ],
      'GET /api/applications/my-applications': ok([]),
      'GET /api/applications/my-draft': ok({ draft: null }),
    });
    await renderAccount('/auth/verify?token=abc123&redirect=%2Forders');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not sign you in' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('We are very busy right now.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    expect(currentPath()).toBe('/orders');
  });

  it("says 'Verification failed' without a token, and without calling the server", async () => {
    const sent = mockApi({});
    await renderAccount('/auth/verify');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Verification failed'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'This sign-in link is incomplete' }),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
