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
  traveller,
} from '../../test/renderAccount';

const newUser = { ...traveller, emailVerified: false };

async function fillIn(values: Partial<Record<string, string>>) {
  const user = userEvent.setup();
  const labels: Record<string, RegExp> = {
    firstName: /^First name/,
    lastName: /^Last name/,
    email: /^Email/,
    password: /^Password/,
    confirmPassword: /^Confirm password/,
  };
  for (const [field, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(labels[field] as RegExp), value);
  }
  return user;
}

const complete = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada@Example.com',
  password: 'analytical-engine',
  confirmPassword: 'analytical-engine',
};

describe('register', () => {
  it('says live when the passwords differ, and sends nothing while they do', async () => {
    const sent = mockApi({});
    await renderAccount('/auth/register');
    const user = await fillIn({ ...complete, confirmPassword: 'analytical-engin' });
    const confirm = screen.getByLabelText(/^Confirm password/);
    expect(confirm).toHaveAccessibleDescription(`Error: ${AuthText.passwordsDoNotMatch}`);

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([AuthText.passwordsDoNotMatch]);
    expect(sent).toEqual([]);

    await user.type(confirm, 'e');
    expect(confirm).not.toHaveAccessibleDescription();
  });

  it('shows the first problem of every field in the summary and at the fields', async () => {
    const sent = mockApi({});
    await renderAccount('/auth/register');
    const user = await fillIn({ email: 'nope', password: 'short', confirmPassword: 'short' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      AuthText.firstNameRequired,
      AuthText.lastNameRequired,
      AuthText.emailInvalid,
      AuthText.passwordTooShort,
    ]);
    expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription(
      `Error: ${AuthText.firstNameRequired}`,
    );
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      expect.stringContaining(AuthText.passwordTooShort),
    );
    expect(sent).toEqual([]);
  });

  it("puts the server's field errors on their fields", async () => {
    mockApi({
      'POST /api/auth/register': failure(400, 'Please correct the highlighted fields', {
        code: 'VALIDATION_FAILED',
        fieldErrors: { password: AuthText.passwordTooCommon },
      }),
    });
    await renderAccount('/auth/register');
    const user = await fillIn({ ...complete, password: 'password1', confirmPassword: 'password1' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveTextContent(AuthText.passwordTooCommon);
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      expect.stringContaining(AuthText.passwordTooCommon),
    );
    expect(currentPath()).toBe('/auth/register');
  });

  it('says when the email is taken, with a link to log in', async () => {
    mockApi({
      'POST /api/auth/register': failure(409, AuthText.emailTaken, { code: 'CONFLICT' }),
    });
    await renderAccount('/auth/register?redirect=%2Forders');
    const user = await fillIn(complete);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const box = (await screen.findByText(AuthText.emailTaken)).closest('[role="alert"]');
    expect(box).not.toBeNull();
    expect(within(box as HTMLElement).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Forders',
    );
  });

  it("falls back to 'Registration failed'", async () => {
    mockApi({ 'POST /api/auth/register': { body: { success: false } } });
    await renderAccount('/auth/register');
    const user = await fillIn(complete);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
  });

  it('signs the new user in and asks for the emailed code, with a way to skip', async () => {
    const sent = mockApi({ 'POST /api/auth/register': ok({ user: newUser }) });
    const { store } = await renderAccount('/auth/register?redirect=%2Forders');
    const user = await fillIn(complete);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify your email' }),
    ).toBeInTheDocument();
    expect(screen.getByText(AuthText.verificationSent)).toBeInTheDocument();
    expect(currentPath()).toBe('/auth/verify-email?redirect=%2Forders');
    expect(screen.getByRole('link', { name: 'Skip for now' })).toHaveAttribute('href', '/orders');
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, user: newUser });
    expect(callsTo(sent, 'POST /api/auth/register')[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'analytical-engine',
      confirmPassword: 'analytical-engine',
    });
  });
});
