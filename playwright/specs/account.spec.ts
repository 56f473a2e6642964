import { expectNoA11yViolations } from '../support/axe';
import {
  NEW_PASSWORD,
  newAccount,
  profileOf,
  registerThroughApi,
  sessionCookie,
  uniqueEmail,
  wrongCode,
} from '../support/accounts';
import { expect, holdRequests, test } from '../support/fixtures';
import { linkPathIn } from '../support/mailbox';
import { FORGOT_PASSWORD_PATH } from '../pages/ForgotPasswordPage';
import { LOGIN_PATH } from '../pages/LoginPage';
import { PROFILE_PATH } from '../pages/ProfilePage';
import { REGISTER_PATH } from '../pages/RegisterPage';
import { RESET_PASSWORD_PATH } from '../pages/ResetPasswordPage';
import { SIGN_IN_LINK_PATH } from '../pages/SignInLinkPage';
import { VERIFY_EMAIL_PATH } from '../pages/VerifyEmailPage';

// The texts of spec section 2 and libs/contracts AuthText, written out: a changed wording should fail here.
const VERIFICATION_SENT = 'We have sent a 6-digit code to your email.';
const CODE_WRONG = 'The code is incorrect. Please check it and try again.';
const EMAIL_VERIFIED = 'Your email address is verified.';
const PASSWORDS_DIFFER = 'Passwords do not match';
const SIGN_IN_LINK_SENT =
  "If an account exists for this email, we've sent a sign-in link. It is valid for 15 minutes.";
const SIGN_IN_LINK_INVALID =
  'This sign-in link is invalid or has expired. Please request a new one.';
const RESET_EMAIL_SENT = 'Password reset email sent successfully. Please check your email.';
const PASSWORD_RESET_DONE = 'Your password has been reset. Please log in with your new password.';
const WRONG_CREDENTIALS = 'Incorrect email or password';
const PROFILE_SAVED = 'Your details have been saved.';
const FULL_NAME_REQUIRED = 'Enter your first and last name';
const EMAIL_CHANGE_PENDING =
  'We have sent a 6-digit code to your new email address. Your email changes once you enter it.';

const VERIFICATION_SUBJECT = /verification code/i;
const SIGN_IN_LINK_SUBJECT = /sign-in link/i;
const RESET_SUBJECT = /password reset code/i;

test.describe('accounts', () => {
  // Whole journeys across several pages, with password hashing and e-mails on the way.
  test.describe.configure({ timeout: 60_000 });

  test('register → verify the email with the mailed code → log out → log in with the password', async ({
    page,
    request,
    header,
    login,
    register,
    verifyEmail,
    mailbox,
  }) => {
    const account = newAccount();

    await login.goto();
    await expectNoA11yViolations(page);
    await login.registerLink.click();
    await expect(page).toHaveURL(REGISTER_PATH);
    await expect(register.heading).toBeVisible();
    await expect(page).toHaveTitle('Create an account – Waypoint');
    await expectNoA11yViolations(page);

    // Nothing filled in: the error summary lists every problem and takes the focus.
    await register.createAccount.click();
    const summary = register.main.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
    ]);
    await expectNoA11yViolations(page);

    // 'Passwords do not match' appears live at the confirmation and goes once they match.
    await register.fill(account, `${account.password}-typo`);
    await expect(register.confirmPassword).toHaveAccessibleDescription(
      new RegExp(PASSWORDS_DIFFER),
    );
    await expectNoA11yViolations(page);
    await register.confirmPassword.fill(account.password);
    await expect(register.confirmPassword).not.toHaveAccessibleDescription(
      new RegExp(PASSWORDS_DIFFER),
    );

    await register.createAccount.click();
    await expect(page).toHaveURL(VERIFY_EMAIL_PATH);
    await expect(verifyEmail.heading).toBeVisible();
    await expect(page).toHaveTitle('Verify your email – Waypoint');
    await expect(verifyEmail.main).toContainText(VERIFICATION_SENT);
    // Registering signs the user in, with an HttpOnly, SameSite=Lax session cookie.
    await expect(header.accountMenuButton).toHaveAccessibleName('Account menu for Ann Lee');
    const firstSession = await sessionCookie(page.context());
    expect(firstSession).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    await expectNoA11yViolations(page);

    const code = await mailbox.waitForCode(account.email, { subject: VERIFICATION_SUBJECT });
    await verifyEmail.enterCode(wrongCode(code));
    await expect(verifyEmail.error(CODE_WRONG)).toBeVisible();
    await expectNoA11yViolations(page);
    await verifyEmail.enterCode(code);
    await expect(verifyEmail.status(EMAIL_VERIFIED)).toBeVisible();
    await expectNoA11yViolations(page);
    expect((await profileOf(page.request))?.emailVerified).toBe(true);

    // Two seconds later the page moves on: home, as nothing else was remembered.
    await expect(page).toHaveURL('/');
    await expect(header.myOrders).toBeVisible();

    await header.openAccountMenu();
    await header.logOut.click();
    await expect(header.logIn).toBeVisible();
    await expect(header.accountMenuButton).toHaveCount(0);
    expect(await profileOf(page.request)).toBeNull();
    // Logging out ended the session on the server: its old cookie no longer signs anyone in.
    expect(await sessionCookie(page.context())).toBeUndefined();
    const replayed = await request.get('/api/auth/profile', {
      headers: { cookie: `${firstSession?.name}=${firstSession?.value}` },
    });
    expect(replayed.status()).toBe(401);

    await header.logIn.click();
    await expect(page).toHaveURL(LOGIN_PATH);
    await login.continueWith(account.email);
    await expect(login.password).toBeVisible();
    await expect(login.password).toBeFocused();
    await expect(login.sendLinkButton).toHaveCount(0);
    await login.password.fill(account.password);
    await expect(login.password).toHaveAttribute('type', 'password');
    await login.showPassword.click();
    await expect(login.password).toHaveAttribute('type', 'text');
    await expect(login.main.getByRole('button', { name: 'Hide password' })).toBeVisible();
    await expectNoA11yViolations(page);
    await login.loginButton.click();

    await expect(page).toHaveURL('/');
    await expect(header.myOrders).toBeVisible();
    await expect(header.accountMenuButton).toHaveAccessibleName('Account menu for Ann Lee');
    await expect(header.logIn).toHaveCount(0);
    // A new session id at every sign-in.
    const secondSession = await sessionCookie(page.context());
    expect(secondSession?.value).toBeTruthy();
    expect(secondSession?.value).not.toBe(firstSession?.value);
  });

  test('sign-in link: an address without a password is offered one; the mailed link signs in once', async ({
    page,
    header,
    login,
    signInLink,
    mailbox,
  }) => {
    const account = await registerThroughApi(page.request);
    await page.goto('/');
    await header.openAccountMenu();
    await header.logOut.click();
    await expect(header.logIn).toBeVisible();

    // An account with a password gets the password step, not the link.
    await header.logIn.click();
    await login.continueWith(account.email);
    await expect(login.password).toBeVisible();
    await expect(login.sendLinkButton).toHaveCount(0);

    // Any other address is offered a link; the answer does not tell whether the account exists.
    const stranger = uniqueEmail('nobody');
    await login.useDifferentEmail.click();
    await expect(login.email).toBeFocused();
    await expect(login.email).toBeEditable();
    await login.continueWith(stranger);
    await expect(login.sendLinkButton).toBeFocused();
    await expect(login.password).toHaveCount(0);
    await expect(login.main).toContainText(
      'We can email you a link that logs you in without a password.',
    );
    await login.sendLinkButton.click();
    await expect(login.status(SIGN_IN_LINK_SENT)).toBeVisible();
    await expectNoA11yViolations(page);

    // The login page offers the link only to accounts without a password: ask for one through the same call.
    const reply = await page.request.post('/api/auth/sign-in-link', {
      data: { email: account.email },
    });
    expect(reply.status()).toBe(200);
    expect(((await reply.json()) as { data: { message: string } }).data.message).toBe(
      SIGN_IN_LINK_SENT,
    );
    const mail = await mailbox.waitForMessage(account.email, { subject: SIGN_IN_LINK_SUBJECT });
    const link = linkPathIn(mail, SIGN_IN_LINK_PATH);
    expect(link).toMatch(/^\/auth\/verify\?token=[^&]{16,}$/);
    // The link points at the portal's configured public URL (localhost in development), on this port.
    expect(new URL(mail.links[0] ?? '').port).toBe(new URL(page.url()).port);
    // No e-mail went to the address without an account.
    expect(await mailbox.messagesTo(stranger)).toEqual([]);

    // The page says 'Please wait...' while the token is checked.
    const release = await holdRequests(page, '**/api/auth/verify-token');
    await page.goto(link);
    await expect(signInLink.heading).toBeVisible();
    await expect(signInLink.pleaseWait).toBeVisible();
    await expectNoA11yViolations(page);
    release();

    // The link confirmed the address for the first time: the password chosen at registration, before anyone had
    // proved the mailbox, is removed (whoever registered may not own it), and the page says so before going on.
    await expect(page.getByRole('heading', { level: 1, name: 'You are signed in' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      'The password that was set before your email address was confirmed has been removed.',
    );
    await expectNoA11yViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/');
    await expect(header.myOrders).toBeVisible();
    await expect(header.accountMenuButton).toHaveAccessibleName('Account menu for Ann Lee');
    expect((await profileOf(page.request))?.email).toBe(account.email);

    // The link works once.
    await page.goto(link);
    await expect(signInLink.error(SIGN_IN_LINK_INVALID)).toBeVisible();
    await expect(signInLink.pleaseWait).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test('an invalid sign-in link shows the red error banner', async ({ page, signInLink }) => {
    await signInLink.goto('not-a-real-token');
    await expect(signInLink.error(SIGN_IN_LINK_INVALID)).toBeVisible();
    await expect(signInLink.error(SIGN_IN_LINK_INVALID)).toHaveClass(/wp-error-box/);
    // The heading says what happened: never 'Signing you in' above the failure.
    await expect(signInLink.expiredHeading).toBeVisible();
    await expect(signInLink.heading).toHaveCount(0);
    await expect(signInLink.pleaseWait).toHaveCount(0);
    await expect(signInLink.logInLink).toHaveAttribute('href', LOGIN_PATH);
    await expect(page).toHaveTitle('This sign-in link has expired – Waypoint');
    await expectNoA11yViolations(page);
  });

  test('forgot password → reset with the mailed code → the new password works, the old one does not', async ({
    page,
    request,
    header,
    login,
    forgotPassword,
    resetPassword,
    mailbox,
  }) => {
    // The browser is signed in (it registered), and so is an API client on another 'device': the reset must
    // end both sessions.
    const account = await registerThroughApi(page.request);
    const otherDevice = await request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
    });
    expect(otherDevice.status()).toBe(200);
    expect((await profileOf(request))?.email).toBe(account.email);

    await login.goto();
    await login.continueWith(account.email);
    await login.forgotPasswordLink.click();
    await expect(page).toHaveURL(FORGOT_PASSWORD_PATH);
    await expect(forgotPassword.heading).toBeVisible();
    await expect(page).toHaveTitle('Forgot password – Waypoint');
    await expect(forgotPassword.email).toHaveValue(account.email);
    await expectNoA11yViolations(page);

    const before = await mailbox.ids(account.email);
    const sent = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/auth/forgot-password',
    );
    await forgotPassword.sendCode.click();
    expect((await sent).status()).toBe(200);
    const sentAt = Date.now();
    await expect(forgotPassword.status(RESET_EMAIL_SENT)).toBeVisible();
    await expect(forgotPassword.sendCode).toBeDisabled();
    await expect(page).toHaveURL(FORGOT_PASSWORD_PATH);

    // Two seconds later: the reset page, with the address carried over (not in the URL).
    await expect(page).toHaveURL(RESET_PASSWORD_PATH, { timeout: 5_000 });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1_800);
    await expect(resetPassword.heading).toBeVisible();
    await expect(page).toHaveTitle('Reset password – Waypoint');
    await expect(resetPassword.email).toHaveValue(account.email);
    await expect(resetPassword.code).toHaveAttribute('placeholder', 'Enter 6-digit code');
    await expect(resetPassword.code).toHaveAttribute('maxlength', '6');
    await expectNoA11yViolations(page);

    const code = await mailbox.waitForCode(account.email, {
      subject: RESET_SUBJECT,
      excluding: before,
    });
    await resetPassword.code.fill(code);
    await resetPassword.newPassword.fill(NEW_PASSWORD);
    await resetPassword.confirmPassword.fill(`${NEW_PASSWORD}!`);
    await expect(resetPassword.submit).toBeDisabled();
    await expect(resetPassword.confirmPassword).toHaveAccessibleDescription(
      new RegExp(PASSWORDS_DIFFER),
    );
    await expectNoA11yViolations(page);
    await resetPassword.confirmPassword.fill(NEW_PASSWORD);
    await expect(resetPassword.submit).toBeEnabled();
    await resetPassword.submit.click();

    await expect(resetPassword.status(PASSWORD_RESET_DONE)).toBeVisible();
    await expectNoA11yViolations(page);

    // Every session of the account ended: the other device's and this browser's, whose header says so.
    expect(await profileOf(request)).toBeNull();
    expect(await profileOf(page.request)).toBeNull();
    await expect(header.logIn).toBeVisible();
    await expect(header.accountMenuButton).toHaveCount(0);

    await resetPassword.logInLink.click();
    await expect(page).toHaveURL(LOGIN_PATH);

    // The old password no longer works…
    await login.logIn(account.email, account.password);
    await expect(login.error(WRONG_CREDENTIALS)).toBeVisible();
    await expect(header.logIn).toBeVisible();
    await expectNoA11yViolations(page);

    // …the new one does (Enter submits).
    await login.password.fill(NEW_PASSWORD);
    await login.password.press('Enter');
    await expect(page).toHaveURL('/');
    await expect(header.myOrders).toBeVisible();
  });

  test('profile: the name is split on its first space, nationality saved, a new email needs its code', async ({
    page,
    request,
    header,
    profile,
    mailbox,
  }) => {
    const account = await registerThroughApi(page.request);
    await page.goto('/');
    await header.openAccountMenu();
    await header.accountSettings.click();
    await expect(page).toHaveURL(PROFILE_PATH);
    await profile.waitUntilReady();
    await expect(page).toHaveTitle('Profile – Waypoint');
    await expect(profile.name).toHaveValue('Ann Lee');
    await expect(profile.email).toHaveValue(account.email);
    await expect(profile.pending).toHaveCount(0);
    await expectNoA11yViolations(page);

    // An empty or one-word name is refused with an error summary; nothing is saved.
    await profile.name.fill('');
    await profile.save.click();
    await expect(profile.errorSummary()).toBeFocused();
    await expect(profile.errorSummary()).toContainText(FULL_NAME_REQUIRED);
    await expect(profile.name).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page);
    await profile.name.fill('Mary');
    await profile.save.click();
    await expect(profile.errorSummary()).toContainText(FULL_NAME_REQUIRED);
    expect(await profileOf(page.request)).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
    // The API refuses blanks too, field by field.
    const blank = await page.request.put('/api/auth/profile', {
      data: { firstName: ' ', lastName: '', email: account.email },
    });
    expect(blank.status()).toBe(400);
    expect((await blank.json()).fieldErrors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });

    await profile.name.fill('Mary Ann Smith');
    await profile.nationality.choose('India');
    const release = await holdRequests(page, '**/api/auth/profile', 'PUT');
    await profile.save.click();
    await expect(profile.save).toHaveText('Saving...');
    await expect(profile.save).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(profile.status(PROFILE_SAVED)).toBeVisible();
    await expect(profile.save).toHaveText('Save changes');

    const saved = await profileOf(page.request);
    expect(saved).toMatchObject({
      firstName: 'Mary',
      lastName: 'Ann Smith',
      nationality: 'IN',
      email: account.email,
    });
    await expect(header.accountMenuButton).toHaveAccessibleName('Account menu for Mary Ann Smith');

    await page.reload();
    await profile.waitUntilReady();
    await expect(profile.name).toHaveValue('Mary Ann Smith');
    await expect(profile.nationality.input).toHaveValue('India');

    // A new address: nothing changes until its code is entered.
    const newEmail = uniqueEmail('mary');
    await profile.email.fill(newEmail);
    await profile.save.click();
    // Changing the e-mail needs a recent proof: the password (or a code sent to the current address).
    await expect(profile.proof).toBeVisible();
    await expectNoA11yViolations(page);
    await profile.proofPassword.fill(account.password);
    await profile.proofConfirm.click();
    await expect(profile.pending).toBeVisible();
    await expect(profile.pending).toContainText(EMAIL_CHANGE_PENDING);
    await expect(profile.pending).toContainText(`New email: ${newEmail}`);
    await expect(profile.email).toHaveValue(account.email);
    expect(await profileOf(page.request)).toMatchObject({
      email: account.email,
      pendingEmail: newEmail,
    });
    await expectNoA11yViolations(page);

    const code = await mailbox.waitForCode(newEmail, { subject: VERIFICATION_SUBJECT });
    await profile.pendingCode.fill(code);
    await profile.pendingVerify.click();
    await expect(profile.status(EMAIL_VERIFIED)).toBeVisible();
    await expect(profile.pending).toHaveCount(0);
    await expect(profile.email).toHaveValue(newEmail);
    expect(await profileOf(page.request)).toMatchObject({
      email: newEmail,
      pendingEmail: null,
      emailVerified: true,
      firstName: 'Mary',
      lastName: 'Ann Smith',
    });
    await expectNoA11yViolations(page);

    // The new address is the one to log in with now.
    const withNew = await request.post('/api/auth/login', {
      data: { email: newEmail, password: account.password },
    });
    expect(withNew.status()).toBe(200);

    // The header's account menu shows the new address too.
    await header.openAccountMenu();
    await expect(header.nav.getByText(newEmail)).toBeVisible();
    await page.keyboard.press('Escape');

    await page.reload();
    await profile.waitUntilReady();
    await expect(profile.email).toHaveValue(newEmail);
  });
});
