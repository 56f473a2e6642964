import { act, screen } from '@testing-library/react';
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

const unverified = { ...traveller, emailVerified: false };

afterEach(() => {
  jest.useRealTimers();
});

describe('verify email', () => {
  it('sends a guest to log in, remembering the page', async () => {
    mockApi({});
    await renderAccount('/auth/verify-email');
    expect(currentPath()).toBe('/auth/login?redirect=%2Fauth%2Fverify-email');
  });

  it('checks the code, shows a wrong one, then verifies and goes home after two seconds', async () => {
    jest.useFakeTimers();
    const sent = mockApi({
      'POST /api/auth/verify-email': [
        failure(400, AuthText.codeWrong),
        ok({ ...unverified, emailVerified: true }),
      ],
    });
    const { store } = await renderAccount('/auth/verify-email', { user: unverified });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    expect(screen.getByText(/Enter the 6-digit code we emailed to/)).toHaveTextContent(
      'ada@example.com',
    );
    const code = screen.getByRole('textbox', { name: /Verification code/ });
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent(AuthText.codeInvalidFormat);
    expect(callsTo(sent, 'POST /api/auth/verify-email')).toEqual([]);

    await user.type(code, '9');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(AuthText.codeWrong)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(AuthText.emailVerified)).toBeInTheDocument();
    expect(callsTo(sent, 'POST /api/auth/verify-email')[1]).toMatchObject({
      contentType: 'application/json',
      body: { code: '123459' },
    });
    expect(store.getState().auth.user?.emailVerified).toBe(true);
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');

    act(() => jest.advanceTimersByTime(1999));
    expect(currentPath()).toBe('/auth/verify-email');
    act(() => jest.advanceTimersByTime(1));
    expect(currentPath()).toBe('/');
  });

  it('sends a new code on request and shows the reply', async () => {
    const sent = mockApi({
      'POST /api/auth/verify-email/resend': [
        ok({ sent: true, message: AuthText.verificationSent }),
        failure(429, 'Too many attempts. Please wait a moment and try again.'),
      ],
    });
    await renderAccount('/auth/verify-email', { user: unverified });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    const message = await screen.findByText(AuthText.verificationSent);
    expect(message.closest('[role="status"]')).not.toBeNull();
    expect(callsTo(sent, 'POST /api/auth/verify-email/resend')[0]).toMatchObject({
      contentType: 'application/json',
      body: {},
    });

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(
      await screen.findByText('Too many attempts. Please wait a moment and try again.'),
    ).toBeInTheDocument();
  });

  it("falls back to 'Verification failed'", async () => {
    mockApi({ 'POST /api/auth/verify-email': { body: { success: false } } });
    await renderAccount('/auth/verify-email', { user: unverified });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Verification code/ }), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Verification failed')).toBeInTheDocument();
  });

  it('says so when the address is already verified', async () => {
    mockApi({});
    await renderAccount('/auth/verify-email?redirect=%2Forders', { user: traveller });
    expect(screen.getByText(AuthText.emailVerified)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('textbox', { name: /Verification code/ })).not.toBeInTheDocument();
  });
});
