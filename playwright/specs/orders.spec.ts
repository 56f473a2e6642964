import { expectNoA11yViolations } from '../support/axe';
import { newAccount, profileOf, registerThroughApi } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { LOGIN_PATH } from '../pages/LoginPage';
import { ORDERS_PATH } from '../pages/OrdersPage';
import { PROFILE_PATH } from '../pages/ProfilePage';
import { REGISTER_PATH } from '../pages/RegisterPage';
import { VERIFY_EMAIL_PATH } from '../pages/VerifyEmailPage';

// Orders with content come from the wizard journey (tested with it); here a new account has none.
test.describe('my orders', () => {
  test('a new user sees both tabs empty; arrow keys, Home and End switch tabs', async ({
    page,
    header,
    orders,
  }) => {
    await registerThroughApi(page.request);
    await page.goto('/');
    await header.myOrders.click();
    await expect(page).toHaveURL(ORDERS_PATH);
    await orders.waitUntilReady();
    await expect(page).toHaveTitle('My orders – Waypoint');

    await expect(orders.tablist.getByRole('tab')).toHaveText([
      'Active Applications',
      'Old Applications',
    ]);
    await expect(orders.activeTab).toHaveAttribute('aria-selected', 'true');
    await expect(orders.oldTab).toHaveAttribute('aria-selected', 'false');
    await expect(orders.activePanel).toBeVisible();
    await expect(orders.oldPanel).toBeHidden();
    await expect(
      orders.activePanel.getByRole('heading', { name: 'No active applications' }),
    ).toBeVisible();
    await expect(orders.activePanel).toContainText(
      "You don't have any active applications at the moment.",
    );
    await expectNoA11yViolations(page);

    // Only the selected tab is in the tab order; the arrows move and select (automatic activation).
    await orders.activeTab.focus();
    await page.keyboard.press('ArrowRight');
    await expect(orders.oldTab).toBeFocused();
    await expect(orders.oldTab).toHaveAttribute('aria-selected', 'true');
    await expect(orders.activeTab).toHaveAttribute('aria-selected', 'false');
    await expect(orders.oldTab).toHaveAttribute('tabindex', '0');
    await expect(orders.activeTab).toHaveAttribute('tabindex', '-1');
    await expect(orders.activePanel).toBeHidden();
    await expect(
      orders.oldPanel.getByRole('heading', { name: 'No old applications' }),
    ).toBeVisible();
    await expect(orders.oldPanel).toContainText("You don't have any completed applications yet.");
    await expectNoA11yViolations(page);

    await page.keyboard.press('ArrowRight');
    await expect(orders.activeTab).toBeFocused();
    await expect(orders.activeTab).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(orders.oldTab).toBeFocused();
    await expect(orders.oldTab).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(orders.activeTab).toBeFocused();
    await expect(orders.activePanel).toBeVisible();
    await page.keyboard.press('End');
    await expect(orders.oldTab).toBeFocused();
    await expect(orders.oldPanel).toBeVisible();

    // A click selects too.
    await orders.activeTab.click();
    await expect(orders.activeTab).toHaveAttribute('aria-selected', 'true');
    await expect(orders.activePanel).toContainText('No active applications');
  });

  test('the account side menu: Edit personal details, My orders and Logout', async ({
    page,
    header,
    orders,
    profile,
  }) => {
    await registerThroughApi(page.request);
    await orders.goto();
    await expectNoA11yViolations(page);

    await orders.menu.editPersonalDetails.click();
    await expect(page).toHaveURL(PROFILE_PATH);
    await profile.waitUntilReady();
    await expect(profile.menu.editPersonalDetails).toHaveAttribute('aria-current', 'page');
    await expectNoA11yViolations(page);

    // On a small screen the menu is a drawer behind 'Account menu'.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(profile.menu.root).toBeHidden();
    await profile.mobileMenuButton.click();
    await expect(profile.mobileMenu).toBeVisible();
    await expectNoA11yViolations(page);
    await profile.mobileMenu.getByRole('link', { name: 'My orders', exact: true }).click();
    await expect(profile.mobileMenu).toBeHidden();
    await expect(page).toHaveURL(ORDERS_PATH);
    await orders.waitUntilReady();
    await page.setViewportSize({ width: 1280, height: 720 });

    await orders.menu.editPersonalDetails.click();
    await expect(page).toHaveURL(PROFILE_PATH);
    await profile.waitUntilReady();
    await profile.menu.myOrders.click();
    await expect(page).toHaveURL(ORDERS_PATH);
    await orders.waitUntilReady();
    await expect(orders.menu.myOrders).toHaveAttribute('aria-current', 'page');

    await orders.menu.logout.click();
    await expect(page).toHaveURL('/');
    await expect(header.logIn).toBeVisible();
    expect(await profileOf(page.request)).toBeNull();
  });

  test('a guest opening /orders goes to login, remembering it, and lands back on /orders', async ({
    page,
    request,
    header,
    login,
    orders,
  }) => {
    const account = await registerThroughApi(request);

    await page.goto(ORDERS_PATH);
    await expect(page).toHaveURL(`${LOGIN_PATH}?redirect=%2Forders`);
    await expect(login.heading).toBeVisible();
    await expect(login.registerLink).toHaveAttribute('href', '/auth/register?redirect=%2Forders');
    await expectNoA11yViolations(page);

    // With the keyboard: Enter submits each step.
    await login.email.fill(account.email);
    await login.email.press('Enter');
    await expect(login.password).toBeFocused();
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(ORDERS_PATH);
    await orders.waitUntilReady();
    await expect(orders.activePanel).toContainText('No active applications');
    await expect(header.myOrders).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('a guest who registers from that login page lands back on /orders after verifying', async ({
    page,
    login,
    register,
    verifyEmail,
    orders,
    mailbox,
  }) => {
    const account = newAccount();
    await page.goto(ORDERS_PATH);
    await expect(page).toHaveURL(`${LOGIN_PATH}?redirect=%2Forders`);
    await login.registerLink.click();
    await expect(page).toHaveURL(`${REGISTER_PATH}?redirect=%2Forders`);
    await expect(register.heading).toBeVisible();
    await expectNoA11yViolations(page);

    await register.fill(account);
    await register.createAccount.click();
    await expect(page).toHaveURL(`${VERIFY_EMAIL_PATH}?redirect=%2Forders`);
    await expect(verifyEmail.heading).toBeVisible();
    await expectNoA11yViolations(page);

    // 'Send a new code' e-mails another one, which works.
    const first = await mailbox.waitForMessage(account.email);
    await verifyEmail.sendNewCode.click();
    await expect(verifyEmail.status('We have sent a 6-digit code to your email.')).toBeVisible();
    const code = await mailbox.waitForCode(account.email, { excluding: new Set([first.id]) });
    await verifyEmail.enterCode(code);
    await expect(verifyEmail.status('Your email address is verified.')).toBeVisible();

    await expect(page).toHaveURL(ORDERS_PATH);
    await orders.waitUntilReady();
    await expectNoA11yViolations(page);
  });

  test('every account page sends a guest to login, remembering where they were going', async ({
    page,
    login,
  }) => {
    for (const path of [ORDERS_PATH, PROFILE_PATH, VERIFY_EMAIL_PATH]) {
      await page.goto(path);
      await expect(page).toHaveURL(`${LOGIN_PATH}?redirect=${encodeURIComponent(path)}`);
      await expect(login.heading).toBeVisible();
      await expectNoA11yViolations(page);
    }
  });
});
