import { adminSeeded, NOT_SEEDED, signInAsStaff } from '../support/admin';
import { expectNoA11yViolations } from '../support/axe';
import { signInAs, TRAVELLER } from '../support/auth';
import { expect, test } from '../support/fixtures';

test.describe('header', () => {
  test('a guest sees the brand and Log in, and no My orders or account menu', async ({
    page,
    home,
    header,
    login,
  }) => {
    await home.goto();
    await expect(header.brand).toHaveAttribute('href', '/');
    await expect(header.logIn).toBeVisible();
    await expect(header.myOrders).toHaveCount(0);
    await expect(header.accountMenuButton).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'My orders' })).toHaveCount(0);
    await expectNoA11yViolations(page);

    await header.logIn.click();
    await expect(page).toHaveURL('/auth/login');
    await expect(login.heading).toBeVisible();
    await expectNoA11yViolations(page);

    await header.brand.click();
    await expect(page).toHaveURL('/');
    await home.waitUntilReady();
  });

  test('a signed-in user sees My orders and the avatar menu with Account settings and Log out', async ({
    page,
    home,
    header,
  }) => {
    await signInAs(page, TRAVELLER);
    await home.goto();

    await expect(header.myOrders).toBeVisible();
    await expect(header.myOrders).toHaveAttribute('href', '/orders');
    await expect(header.logIn).toHaveCount(0);
    await expect(header.accountMenuButton).toHaveAccessibleName('Account menu for Ann Lee');
    await expect(header.accountMenuButton).toHaveText('A');
    await expect(header.accountMenuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(header.accountSettings).toBeHidden();

    await header.openAccountMenu();
    await expect(header.nav.getByText('ann@example.com')).toBeVisible();
    await expect(header.accountSettings).toHaveAttribute('href', '/account/profile');
    await expect(header.logOut).toBeVisible();
    await expectNoA11yViolations(page);

    // Escape closes the menu and gives focus back to the avatar button.
    await page.keyboard.press('Escape');
    await expect(header.accountSettings).toBeHidden();
    await expect(header.accountMenuButton).toBeFocused();

    // Logging out turns the header back to the guest state.
    await header.openAccountMenu();
    await header.logOut.click();
    await expect(header.logIn).toBeVisible();
    await expect(header.myOrders).toHaveCount(0);
    await expect(header.accountMenuButton).toHaveCount(0);
    await expect(page).toHaveURL('/');
  });

  test('staff get one link to the staff area, whose own menu leads on, instead of My orders', async ({
    page,
    home,
    header,
  }) => {
    test.skip(!adminSeeded(), NOT_SEEDED);
    await signInAsStaff(page);
    await home.goto();
    await expect(header.myOrders).toHaveCount(0);
    await expect(header.nav.getByRole('link')).toHaveText(['Staff area']);
    await expect(header.staffArea).toHaveAttribute('href', '/admin');
    await expect(header.accountMenuButton).toBeVisible();
    await expectNoA11yViolations(page);

    await header.staffArea.click();
    await expect(page).toHaveURL('/admin');
    await expect(header.staffArea).toHaveAttribute('aria-current', 'page');
    // The staff area's own navigation, shown once.
    const adminNav = page.getByRole('navigation', { name: 'Admin' });
    await expect(adminNav.getByRole('link')).toHaveText([
      'Dashboard',
      'Applications',
      // With the number of open conversations, when there are any.
      /^Support/,
      'Failed emails',
      'Staff',
    ]);
    await adminNav.getByRole('link', { name: 'Applications' }).click();
    await expect(page).toHaveURL('/admin/applications');
    await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
    await expect(header.staffArea).toHaveAttribute('aria-current', 'page');

    // On a small screen, in the menu.
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = await header.openMobileMenu();
    await expect(menu.getByRole('link', { name: 'Staff area' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My orders' })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test.describe('on a small screen', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('a guest gets a menu with Home and Log in', async ({ page, home, header }) => {
      await home.goto();
      await expect(header.nav).toBeHidden();
      const menu = await header.openMobileMenu();
      await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Log in' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'My orders' })).toHaveCount(0);
      await expectNoA11yViolations(page);
      await page.keyboard.press('Escape');
      await expect(header.mobileMenu).toBeHidden();
      await expect(header.mobileMenuButton).toBeFocused();
    });

    test('a signed-in user gets My orders, Account settings and Log out', async ({
      page,
      home,
      header,
    }) => {
      await signInAs(page, TRAVELLER);
      await home.goto();
      const menu = await header.openMobileMenu();
      await expect(menu.getByRole('link', { name: 'My orders' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Account settings' })).toBeVisible();
      await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Log in' })).toHaveCount(0);
      await expectNoA11yViolations(page);
    });
  });
});
