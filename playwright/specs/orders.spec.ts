import { expectNoA11yViolations } from '../support/axe';
import { newAccount, profileOf, registerThroughApi } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { LOGIN_PATH } from '../pages/LoginPage';
import { ORDERS_PATH, OrdersPage } from '../pages/OrdersPage';
import { PASSPORT_INFO_PATH } from '../pages/WizardPassportInfoPage';
import { TRAVELLERS, Wizard, wizardEmail } from '../support/wizard';
import { PROFILE_PATH } from '../pages/ProfilePage';
import { REGISTER_PATH } from '../pages/RegisterPage';
import { VERIFY_EMAIL_PATH } from '../pages/VerifyEmailPage';
import { ORDER_TRAVELLERS, placePaidOrder } from '../support/post-payment';
import { collectPageErrors } from '../support/page-errors';

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
      'Active applications',
      'Old applications',
    ]);
    await expect(orders.activeTab).toHaveAttribute('aria-selected', 'true');
    await expect(orders.oldTab).toHaveAttribute('aria-selected', 'false');
    await expect(orders.activePanel).toBeVisible();
    await expect(orders.oldPanel).toBeHidden();
    // Nothing at all yet: the empty list leads to starting an application.
    await expect(
      orders.activePanel.getByRole('heading', { name: 'You have no applications yet' }),
    ).toBeVisible();
    await expect(orders.startApplication(orders.activePanel)).toHaveAttribute('href', '/');
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
    await expect(orders.startApplication(orders.oldPanel)).toHaveAttribute('href', '/');
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
    await expect(orders.activePanel).toContainText('You have no applications yet');

    // On a phone the tabs stay side by side, in one row.
    await page.setViewportSize({ width: 390, height: 844 });
    const active = await orders.activeTab.boundingBox();
    const old = await orders.oldTab.boundingBox();
    expect(old!.y).toBe(active!.y);
    expect(old!.x).toBeGreaterThan(active!.x + active!.width - 1);
    expect(old!.x + old!.width).toBeLessThanOrEqual(390);
    await expectNoA11yViolations(page);

    await orders.startApplication(orders.activePanel).click();
    await expect(page).toHaveURL('/');
  });

  test('a saved application is first in My orders, and Continue application goes back to its step', async ({
    page,
    context,
    orders,
  }) => {
    test.setTimeout(60_000);
    await registerThroughApi(page.request);
    // The traveller starts an application and stops after their details (the wizard saves it).
    const wizard = new Wizard(page);
    const [ann] = TRAVELLERS;
    if (!ann) throw new Error('no traveller');
    await wizard.tripStep();
    await wizard.personalInfoStep([ann], wizardEmail());

    await orders.goto();
    const saved = orders.savedApplication;
    await expect(saved).toBeVisible();
    await expect(saved).toContainText('Not finished');
    await expect(saved).toContainText('United Kingdom ETA');
    await expect(saved).toContainText(`${ann.firstName} ${ann.lastName}`);
    await expect(saved).toContainText('Passport information (step 3 of 5)');
    await expect(saved).toContainText(/We keep your answers until \d{1,2} [A-Z][a-z]+ \d{4}\./);
    await expect(
      orders.activePanel.getByRole('heading', { name: 'You have no applications yet' }),
    ).toHaveCount(0);
    await expectNoA11yViolations(page);
    const resume = saved.getByRole('link', { name: /^Continue application/ });
    await expect(resume).toHaveAttribute('href', PASSPORT_INFO_PATH);
    // Not among the old applications.
    await orders.oldTab.click();
    await expect(orders.oldPanel.getByRole('heading', { name: 'Saved application' })).toHaveCount(
      0,
    );
    await orders.activeTab.click();

    await resume.click();
    await expect(page).toHaveURL(PASSPORT_INFO_PATH);
    await wizard.passportInfo.waitUntilReady();
    await expect(wizard.passportInfo.cardTitles).toHaveText([
      `Traveller 1: ${ann.firstName} ${ann.lastName}`,
    ]);

    // In another tab, where the wizard has not been opened yet, the saved step opens straight away.
    const tab = await context.newPage();
    const tabOrders = new OrdersPage(tab);
    await tabOrders.goto();
    await tabOrders.savedApplication.getByRole('link', { name: /^Continue application/ }).click();
    const other = new Wizard(tab);
    await expect(tab).toHaveURL(PASSPORT_INFO_PATH);
    await other.passportInfo.waitUntilReady();
    await expect(other.passportInfo.cardTitles).toHaveText([
      `Traveller 1: ${ann.firstName} ${ann.lastName}`,
    ]);
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
    await expect(orders.activePanel).toContainText('You have no applications yet');
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

test.describe('my orders rendered for its traveller', () => {
  // A day ahead of the server (UTC+14): the dates shown must be the traveller's, not the server's.
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test("arrives with the traveller's orders as HTML, then hydrates without an error and dates them on their calendar", async ({
    page,
    orders,
  }) => {
    const [ann] = ORDER_TRAVELLERS;
    if (!ann) throw new Error('no traveller');
    const order = await placePaidOrder(page.request, [ann]);
    const errors = collectPageErrors(page);

    const reply = await page.goto(ORDERS_PATH);
    // The order, its receipt and its timeline come with the page, for this traveller only.
    const html = (await reply?.text()) ?? '';
    expect(html).toContain(`Order #${order.reference}`);
    expect(html).toContain(`/api/application/${order.applicationId}/receipt`);
    expect(reply?.headers()['cache-control']).toBe('private, no-store');
    // The dates are the traveller's, which only the browser knows: until then the UTC ones hold their places, hidden.
    expect(html.match(/<time /g)?.length).toBe(html.match(/wp-until-hydrated/g)?.length);

    await orders.waitUntilReady();
    const card = orders.activePanel
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Order #${order.reference}` }) });
    await expect(card).toBeVisible();
    const today = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'long',
      timeZone: 'Pacific/Kiritimati',
    }).format(new Date());
    await expect(card.locator('dd time')).toHaveText(today);
    await expect(card.locator('dd time')).toBeVisible();
    await expect(page.locator('.wp-until-hydrated')).toHaveCount(0);
    await expect(card.getByRole('link', { name: /^Download invoice/ })).toBeVisible();
    await expectNoA11yViolations(page);
    expect(errors).toEqual([]);
  });
});
