import { act, screen, within } from '@testing-library/react';
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

afterEach(() => {
  jest.useRealTimers();
});

const resetDone = ok({ reset: true, message: AuthText.passwordResetDone });

async function fillReset(values: { code?: string; password?: string; confirm?: string }) {
  const user = userEvent.setup();
  if (values.code) await user.type(screen.getByLabelText(/^Verification code/), values.code);
  if (values.password) await user.type(screen.getByLabelText(/^New password/), values.password);
  if (values.confirm) await user.type(screen.getByLabelText(/^Confirm password/), values.confirm);
  return user;
}

describe('forgot password', () => {
  it('sends the code, says so, and two seconds later opens reset password with the address', async () => {
    jest.useFakeTimers();
    const sent = mockApi({
      'POST /api/auth/forgot-password': ok({ sent: true, message: AuthText.resetEmailSent }),
    });
    await renderAccount('/auth/forgot-password');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent(AuthText.emailRequired);

    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(
      await screen.findByText('Password reset email sent successfully. Please check your email.'),
    ).toBeInTheDocument();
    expect(callsTo(sent, 'POST /api/auth/forgot-password')[0]).toMatchObject({
      contentType: 'application/json',
      body: { email: 'ada@example.com' },
    });

    act(() => jest.advanceTimersByTime(1999));
    expect(currentPath()).toBe('/auth/forgot-password');
    act(() => jest.advanceTimersByTime(1));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset password' }),
    ).toBeInTheDocument();
    // The address comes along, but never in the URL.
    expect(currentPath()).toBe('/auth/reset-password');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('ada@example.com');
  });

  it("shows the server's error in a red box", async () => {
    mockApi({
      'POST /api/auth/forgot-password': failure(
        429,
        'Too many attempts. Please wait a moment and try again.',
      ),
    });
    await renderAccount('/auth/forgot-password');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(
      await screen.findByText('Too many attempts. Please wait a moment and try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(AuthText.resetEmailSent)).not.toBeInTheDocument();
  });

  it('takes the address typed at login', async () => {
    mockApi({});
    await renderAccount('/auth/forgot-password', { state: { email: 'ada@example.com' } });
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('ada@example.com');
  });
});

describe('reset password', () => {
  it('keeps the submit disabled while the passwords differ, then resets and offers to log in', async () => {
    const sent = mockApi({ 'POST /api/auth/reset-password': resetDone });
    await renderAccount('/auth/reset-password', { state: { email: 'ada@example.com' } });
    const code = screen.getByLabelText(/^Verification code/);
    expect(code).toHaveAttribute('placeholder', 'Enter 6-digit code');
    expect(code).toHaveAttribute('maxlength', '6');

    const user = await fillReset({
      code: '1234567',
      password: 'a-new-password',
      confirm: 'a-new-passwor',
    });
    expect(code).toHaveValue('123456');
    const submit = screen.getByRole('button', { name: 'Reset password' });
    expect(submit).toBeDisabled();
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAccessibleDescription(
      `Error: ${AuthText.passwordsDoNotMatch}`,
    );

    await user.type(screen.getByLabelText(/^Confirm password/), 'd');
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByText(AuthText.passwordResetDone)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    expect(callsTo(sent, 'POST /api/auth/reset-password')[0]).toMatchObject({
      contentType: 'application/json',
      body: {
        email: 'ada@example.com',
        code: '123456',
        password: 'a-new-password',
        confirmPassword: 'a-new-password',
      },
    });
  });

  it('signs this browser out when it was signed in to the account that was reset', async () => {
    mockApi({ 'POST /api/auth/reset-password': resetDone });
    const { store } = await renderAccount('/auth/reset-password', {
      user: traveller,
      state: { email: traveller.email },
    });
    const user = await fillReset({
      code: '123456',
      password: 'a-new-password',
      confirm: 'a-new-password',
    });
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await screen.findByText(AuthText.passwordResetDone);
    expect(store.getState().auth).toMatchObject({ user: null, isAuthenticated: false });
  });

  it('checks the fields before sending, with the summary focused', async () => {
    const sent = mockApi({});
    await renderAccount('/auth/reset-password');
    const user = await fillReset({ code: '12a', password: 'short', confirm: 'short' });
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([AuthText.emailRequired, AuthText.codeInvalidFormat, AuthText.passwordTooShort]);
    expect(sent).toEqual([]);
  });

  it("shows a wrong code in a red box and the server's field errors at their fields", async () => {
    mockApi({
      'POST /api/auth/reset-password': [
        failure(400, AuthText.codeWrong),
        failure(400, 'Please correct the highlighted fields', {
          fieldErrors: { password: AuthText.passwordTooCommon },
        }),
      ],
    });
    await renderAccount('/auth/reset-password', { state: { email: 'ada@example.com' } });
    const user = await fillReset({ code: '000000', password: 'password1', confirm: 'password1' });
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(AuthText.codeWrong)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      AuthText.passwordTooCommon,
    );
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
      `Error: ${AuthText.passwordTooCommon}`,
    );
  });

  it('remembers the address across a reload (sessionStorage), not in the URL', async () => {
    mockApi({ 'POST /api/auth/forgot-password': ok({ sent: true, message: 'sent' }) });
    const { unmount } = await renderAccount('/auth/forgot-password');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    await screen.findByText(AuthText.resetEmailSent);
    unmount();

    await renderAccount('/auth/reset-password', { keepSession: true });
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('ada@example.com');
    expect(currentPath()).toBe('/auth/reset-password');
  });
});
