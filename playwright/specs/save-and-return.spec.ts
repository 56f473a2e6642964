import type { BrowserContext } from '@playwright/test';
import { expectNoA11yViolations } from '../support/axe';
import type { MailboxMessage } from '../support/mailbox';
import { expect, test, TRAVELLERS, Wizard, wizardEmail, WizardCopy } from '../support/wizard';
import { PASSPORT_INFO_PATH } from '../pages/WizardPassportInfoPage';
import { PERSONAL_INFO_PATH } from '../pages/WizardPersonalInfoPage';
import { TRIP_DETAILS_PATH } from '../pages/TripDetailsPage';
import { SaveForLaterForm } from '../pages/SaveForLaterForm';
import { RETURN_PATH_PREFIX, WizardReturnPage } from '../pages/WizardReturnPage';

/** The path of the return link in the email (opened on the test's own base URL). */
function returnPathIn(message: MailboxMessage): string {
  const link = message.links
    .map((href) => new URL(href))
    .find((url) => url.pathname.startsWith(RETURN_PATH_PREFIX));
  if (!link) throw new Error(`no return link in the email "${message.subject}"`);
  return link.pathname;
}

test.describe('save and come back later', () => {
  test.describe.configure({ timeout: 120_000 });
  const contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  test('a guest saves steps 1 and 2, opens the emailed link in a new browser and lands on the saved step with the answers; the link works once', async ({
    page,
    wizard,
    mailbox,
    browser,
    baseURL,
  }) => {
    const [ann] = TRAVELLERS;
    if (!ann) throw new Error('no traveller');
    const email = wizardEmail();

    await wizard.tripStep();
    await wizard.personalInfoStep([ann], email);

    // On the passport step: save and come back later, to traveller 1's address.
    const later = new SaveForLaterForm(page);
    await later.open.click();
    await expect(later.email).toBeFocused();
    await expect(later.email).toHaveValue(email);
    await expectNoA11yViolations(page);
    await later.send.click();
    await expect(later.sent).toHaveText(
      `We've sent a link to ${email}. It works once and expires in 7 days.`,
    );
    await expectNoA11yViolations(page);

    const message = await mailbox.waitForMessage(email, {
      subject: /Continue your Waypoint application/,
    });
    expect(message.text).toContain('The link works once');
    const link = returnPathIn(message);

    // Another browser: nothing of this visit, only the link.
    const other = await browser.newContext({ baseURL, locale: 'en-GB' });
    contexts.push(other);
    const otherPage = await other.newPage();
    await otherPage.goto(link);
    const elsewhere = new Wizard(otherPage);
    await expect(otherPage).toHaveURL(PASSPORT_INFO_PATH);
    await elsewhere.passportInfo.waitUntilReady();
    await expect(elsewhere.passportInfo.cardTitles.first()).toContainText(
      `${ann.firstName} ${ann.lastName}`,
    );
    await expect(elsewhere.passportInfo.savedBanner).toBeHidden();
    await expectNoA11yViolations(otherPage);

    // The answers of step 2 came with it.
    await otherPage.goto(PERSONAL_INFO_PATH);
    await elsewhere.personalInfo.waitUntilReady();
    await expect(elsewhere.personalInfo.traveler(0).firstName).toHaveValue(ann.firstName);
    await expect(elsewhere.personalInfo.traveler(0).lastName).toHaveValue(ann.lastName);
    await expect(elsewhere.personalInfo.email).toHaveValue(email);

    // The link works once: a second use, in a third browser, says so.
    const third = await browser.newContext({ baseURL, locale: 'en-GB' });
    contexts.push(third);
    const thirdPage = await third.newPage();
    await thirdPage.goto(link);
    const refused = new WizardReturnPage(thirdPage);
    await expect(refused.usedHeading).toBeVisible();
    await expect(refused.problem).toContainText('This link has already been used');
    await expectNoA11yViolations(thirdPage);
    await refused.startNew.click();
    await expect(thirdPage).toHaveURL(TRIP_DETAILS_PATH);
  });

  test('coming back in a new tab, step 1 offers the saved application and Continue application opens its step', async ({
    page,
    wizard,
    context,
  }) => {
    const [ann] = TRAVELLERS;
    if (!ann) throw new Error('no traveller');
    await wizard.tripStep();
    await wizard.personalInfoStep([ann], wizardEmail());

    const tab = await context.newPage();
    const again = new Wizard(tab);
    await again.tripDetails.goto();
    await expect(again.trip.savedBanner).toBeVisible();
    await expect(again.trip.savedBanner).toContainText(WizardCopy.savedApplication);
    await expectNoA11yViolations(tab);
    await again.trip.continueApplication.click();
    await expect(tab).toHaveURL(PASSPORT_INFO_PATH);
    await again.passportInfo.waitUntilReady();
    await expect(again.passportInfo.savedBanner).toBeHidden();
    await page.close();
  });

  test('an unknown link says so and offers a new application', async ({ page }) => {
    await page.goto(`${RETURN_PATH_PREFIX}no-such-link`);
    const refused = new WizardReturnPage(page);
    await expect(refused.unknownHeading).toBeVisible();
    await expectNoA11yViolations(page);
    await expect(refused.startNew).toBeVisible();
  });
});
