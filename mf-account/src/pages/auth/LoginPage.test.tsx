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

async function continueWith(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Email/ }), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

describe('login', () => {
  it('asks for the password of an account that has one, then goes back to the remembered page', async () => {
    const sent = mockApi({
      'POST /api/auth/check-email': ok({ hasPassword: true }),
      'POST /api/auth/login': ok({ user: traveller }),
      'GET /api/applications/my-applications': ok([]),
    });
    await renderAccount('/auth/login?redirect=%2Forders');
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();

    const user = await continueWith('  Ada@Example.com ');
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveFocus();
    expect(callsTo(sent, 'POST /api/auth/check-email')).toEqual([
      expect.objectContaining({
        contentType: 'application/json',
        body: { email: 'ada@example.com' },
      }),
    ]);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();

    await user.type(password, 'correct horse');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    expect(currentPath()).toBe('/orders');
    expect(callsTo(sent, 'POST /api/auth/login')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
  });

  it('takes the address the field shows, even one typed before the page took over the field', async () => {
    const sent = mockApi({ 'POST /api/auth/check-email': ok({ hasPassword: true }) });
    await renderAccount('/auth/login');
    // The prerendered HTML's field, typed into before hydration: the DOM has the address, React's state not.
    const field = screen.getByRole('textbox', { name: /^Email/ }) as HTMLInputElement;
    field.value = 'ada@example.com';
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText(/^Password/)).toBeInTheDocument();
    expect(callsTo(sent, 'POST /api/auth/check-email')[0]?.body).toEqual({
      email: 'ada@example.com',
    });
  });

  it('goes home after login when there is no remembered page, and never to another site', async () => {
    mockApi({
      'POST /api/auth/check-email': ok({ hasPassword: true }),
      'POST /api/auth/login': ok({ user: traveller }),
    });
    await renderAccount('/auth/login?redirect=%2F%2Fevil.example');
    const user = await continueWith('ada@example.com');
    await user.type(await screen.findByLabelText(/^Password/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentPath()).toBe('/'));
  });

  it('shows a wrong password in a red box and stays on the page', async () => {
    mockApi({
      'POST /api/auth/check-email': ok({ hasPassword: true }),
      'POST /api/auth/login': failure(401, AuthText.wrongCredentials),
    });
    await renderAccount('/auth/login');
    const user = await continueWith('ada@example.com');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    // An empty password is caught before anything is sent.
    expect(
      await screen.findByRole('link', { name: AuthText.passwordRequired }),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(AuthText.wrongCredentials)).toBeInTheDocument();
    expect(screen.getByText(AuthText.wrongCredentials).closest('[role="alert"]')).not.toBeNull();
    expect(currentPath()).toBe('/auth/login');
  });

  it('offers an emailed sign-in link when the address has no password, and shows the reply', async () => {
    const sent = mockApi({
      'POST /api/auth/check-email': ok({ hasPassword: false }),
      'POST /api/auth/sign-in-link': ok({ sent: true, message: AuthText.signInLinkSent }),
    });
    await renderAccount('/auth/login');
    const user = await continueWith('new@example.com');
    const send = await screen.findByRole('button', { name: 'Email me a sign-in link' });
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(send).toHaveFocus();

    await user.click(send);
    expect(await screen.findByText(AuthText.signInLinkSent)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(AuthText.signInLinkSent);
    expect(callsTo(sent, 'POST /api/auth/sign-in-link')[0]?.body).toEqual({
      email: 'new@example.com',
    });
  });

  it("goes back to the email with 'Use a different email'", async () => {
    mockApi({ 'POST /api/auth/check-email': ok({ hasPassword: false }) });
    await renderAccount('/auth/login');
    const user = await continueWith('new@example.com');
    await user.click(await screen.findByRole('button', { name: 'Use a different email' }));
    const email = screen.getByRole('textbox', { name: /Email/ });
    expect(email).toHaveFocus();
    expect(email).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Email me a sign-in link' }),
    ).not.toBeInTheDocument();
  });

  it('checks the email before sending it, with the error summary focused', async () => {
    const sent = mockApi({});
    await renderAccount('/auth/login');
    await continueWith('not-an-email');
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent(AuthText.emailInvalid);
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      `Error: ${AuthText.emailInvalid}`,
    );
    expect(sent).toEqual([]);
  });

  it("shows the server's error when the email check fails, or 'Failed to check email'", async () => {
    mockApi({
      'POST /api/auth/check-email': [
        failure(429, 'Too many attempts. Please wait a moment and try again.'),
        { body: { success: false } },
      ],
    });
    await renderAccount('/auth/login');
    const user = await continueWith('ada@example.com');
    expect(
      await screen.findByText('Too many attempts. Please wait a moment and try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Failed to check email')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('links to registration, keeping the remembered page', async () => {
    mockApi({});
    await renderAccount('/auth/login?redirect=%2Forders');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/register?redirect=%2Forders',
    );
  });
});
