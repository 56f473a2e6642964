import { HELP_TOPICS, HelpPage } from '../pages/HelpPage';
import { expectNoA11yViolations } from '../support/axe';
import { signInAs, TRAVELLER } from '../support/auth';
import { expect, test } from '../support/fixtures';

test.describe('help centre', () => {
  test('the footer leads to the help centre, which lists every topic with a way to contact us', async ({
    page,
    home,
    footer,
  }) => {
    await home.goto();
    await expect(footer.contactUs).toHaveAttribute('href', '/contact');
    await footer.helpCentre.click();
    await expect(page).toHaveURL('/help');

    const help = new HelpPage(page);
    await expect(help.indexHeading).toBeVisible();
    await expect(page).toHaveTitle('Help centre – Waypoint');
    await expect(help.topics.getByRole('link')).toHaveText(HELP_TOPICS.map((topic) => topic.title));
    await expect(help.topics).toContainText(
      'How fast we check and submit your application, and when the time starts.',
    );
    await expect(help.contactUs).toHaveAttribute('href', '/contact');
    await expectNoA11yViolations(page);

    await help.topicLink('Refunds').click();
    await expect(page).toHaveURL('/help/refunds');
    await expect(help.topicHeading('Refunds')).toBeVisible();
    await expect(page).toHaveTitle('Refunds – Help centre – Waypoint');
    await help.breadcrumb.getByRole('link', { name: 'Help centre' }).click();
    await expect(page).toHaveURL('/help');
    await expect(help.indexHeading).toBeVisible();
  });

  for (const topic of HELP_TOPICS) {
    test(`${topic.path} has its headings, related links and the way to contact us`, async ({
      page,
    }) => {
      const help = new HelpPage(page);
      await help.gotoTopic(topic);
      await expect(page).toHaveTitle(`${topic.title} – Help centre – Waypoint`);
      await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(help.related.getByRole('link').first()).toBeVisible();
      await expect(help.contactUs).toHaveAttribute('href', '/contact');
      await expectNoA11yViolations(page);
    });
  }

  test('the contact topic leads to the contact form and gives the support address', async ({
    page,
  }) => {
    const help = new HelpPage(page);
    await help.gotoTopic(HELP_TOPICS[7]);
    await expect(page.getByRole('link', { name: 'Open the contact form' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(page.getByRole('main').getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
  });

  test('each page arrives rendered, in the visitor’s language', async ({ page }) => {
    const english = await page.request.get('/help/refunds');
    expect(english.status()).toBe(200);
    expect(await english.text()).toContain('<h1>Refunds</h1>');
    const french = await page.request.get('/help/refunds', {
      headers: { 'Accept-Language': 'fr-FR,fr;q=0.9' },
    });
    expect(await french.text()).toContain('<h1>Remboursements</h1>');
    const arabic = await page.request.get('/help', { headers: { 'Accept-Language': 'ar' } });
    const html = await arabic.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('<h1>مركز المساعدة</h1>');
  });

  test('an address that names no topic is Page not found', async ({ page }) => {
    await page.goto('/help/no-such-topic');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('the header leads to help for a guest and a signed-in traveller', async ({
    page,
    home,
    header,
  }) => {
    await home.goto();
    await expect(header.help).toHaveAttribute('href', '/help');
    await header.help.click();
    await expect(page).toHaveURL('/help');
    await expect(new HelpPage(page).indexHeading).toBeVisible();
    await expect(header.help).toHaveAttribute('aria-current', 'page');
    await expectNoA11yViolations(page);

    await signInAs(page, TRAVELLER);
    await home.goto();
    await expect(header.myOrders).toBeVisible();
    await header.help.click();
    await expect(page).toHaveURL('/help');
  });

  test.describe('on a small screen', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the mobile menu and the footer lead to help', async ({ page, home, header, footer }) => {
      await home.goto();
      await expect(header.help).toBeHidden();
      const menu = await header.openMobileMenu();
      await menu.getByRole('link', { name: 'Help', exact: true }).click();
      await expect(page).toHaveURL('/help');
      const help = new HelpPage(page);
      await expect(help.indexHeading).toBeVisible();
      await expect(header.mobileMenu).toBeHidden();
      await expectNoA11yViolations(page);

      await help.topicLink('Photos that pass our checks').click();
      await expect(help.topicHeading('Photos that pass our checks')).toBeVisible();
      await expectNoA11yViolations(page);

      await footer.helpCentre.click();
      await expect(page).toHaveURL('/help');
      await expect(help.indexHeading).toBeVisible();
    });
  });
});
