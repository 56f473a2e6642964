import { generate } from 'otplib';
import type { BrowserContext } from '@playwright/test';
import { AdminApplicationDetailPage } from '../pages/AdminApplicationDetailPage';
import { AdminApplicationsPage } from '../pages/AdminApplicationsPage';
import { PASSWORD } from '../support/accounts';
import { adminSeeded, expect, NOT_SEEDED, signInAsStaff, STATUS, test } from '../support/admin';
import { expectNoA11yViolations } from '../support/axe';
import { DevMailbox } from '../support/mailbox';

/** A name and address of this run only, so that a retry on the same portal invites someone new. */
const run = Date.now().toString(36).slice(-5);

test.describe('a team running its day', () => {
  test.describe.configure({ timeout: 180_000 });
  test.skip(!adminSeeded(), NOT_SEEDED);

  const contexts: BrowserContext[] = [];
  test.afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  test('an admin invites a caseworker, who joins with the second factor, takes an overdue application, adds a note and asks the traveller for changes', async ({
    browser,
    baseURL,
  }) => {
    // The admin invites a caseworker from the staff accounts page.
    const admin = await browser.newContext({ baseURL, locale: 'en-GB' });
    contexts.push(admin);
    const adminPage = await admin.newPage();
    await signInAsStaff(adminPage);
    await adminPage.goto('/admin/staff');
    await expect(
      adminPage.getByRole('heading', { name: 'Staff accounts', level: 1 }),
    ).toBeVisible();
    const email = `caseworker.${run}@waypoint.test`;
    const invite = adminPage.getByRole('region', { name: 'Invite a member of staff' });
    await invite.getByRole('textbox', { name: 'Email address' }).fill(email);
    await invite.getByRole('radio', { name: /^Caseworker/ }).check();
    await expectNoA11yViolations(adminPage);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(adminPage.getByRole('status').filter({ hasText: email })).toContainText(
      'An invitation to join as a caseworker was emailed to',
    );
    await expect(
      adminPage.getByRole('table', { name: 'Open invitations' }).getByRole('row', { name: email }),
    ).toBeVisible();

    // The invitee follows the e-mailed link in a browser of their own.
    const message = await new DevMailbox(admin.request).waitForMessage(email);
    const link = message.links
      .map((href) => new URL(href))
      .find((url) => url.pathname.startsWith('/auth/staff-invitation/'));
    expect(link, 'the invitation link in the email').toBeDefined();
    const caseworker = await browser.newContext({ baseURL, locale: 'en-GB' });
    contexts.push(caseworker);
    const page = await caseworker.newPage();
    await page.goto(link!.pathname);
    await expect(page.getByRole('heading', { name: 'Join the Waypoint staff' })).toBeVisible();
    await expect(
      page.getByText("You've been invited to join the Waypoint staff as a caseworker."),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'First name' }).fill('Nadia');
    await page.getByRole('textbox', { name: 'Last name' }).fill(`Okafor-${run}`);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(PASSWORD);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await expect(page.getByRole('region', { name: 'Welcome to the Waypoint staff' })).toBeVisible();

    // The second factor before anything else: the set-up key, a code from it, the recovery codes.
    await page.getByRole('button', { name: 'Set up your authenticator app' }).click();
    await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
    const secret = (await page.getByLabel('Set-up key').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page
      .getByRole('textbox', { name: 'Enter the 6-digit code the app shows' })
      .fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'I have saved my recovery codes' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/admin');

    // A caseworker's staff area: casework only, no refunds, failed e-mails or staff accounts.
    const menu = page.getByRole('navigation', { name: 'Admin' });
    await expect(menu.getByRole('link', { name: 'Applications' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Failed emails' })).toHaveCount(0);

    // The queue: overdue work that nobody has yet, soonest due first.
    const list = new AdminApplicationsPage(page);
    await page.goto('/admin/applications?due=overdue&assignee=none');
    await expect(list.heading).toBeVisible();
    const row = list.rows
      .filter({ hasText: 'Overdue' })
      .filter({ hasText: new RegExp(`${STATUS.SUBMITTED}|${STATUS.UNDER_REVIEW}`) })
      .first();
    await expect(row).toBeVisible();
    const reference = ((await row.getByRole('link').first().textContent()) ?? '').replace('#', '');
    await row.getByRole('link').first().click();

    // The caseworker takes it, leaves a note for the team, and asks the traveller for changes.
    const detail = new AdminApplicationDetailPage(page);
    await detail.waitUntilReady(reference);
    const work = page.getByRole('region', { name: 'Work' });
    await expect(work).toContainText('Overdue');
    await work.getByRole('button', { name: 'Assign to me' }).click();
    await expect(work.getByRole('status')).toHaveText('Assigned to you.');
    await expect(work).toContainText(`Nadia Okafor-${run} (you)`);

    const notes = page.getByRole('region', { name: 'Internal notes' });
    const note = 'Called the traveller: the passport was renewed, new number to follow.';
    await notes.getByRole('textbox', { name: 'Add an internal note' }).fill(note);
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByRole('status')).toHaveText('Note added.');
    await expect(notes.getByRole('listitem').filter({ hasText: note })).toContainText(
      `Nadia Okafor-${run}`,
    );

    if ((await detail.startReview.count()) > 0) {
      await detail.startReview.click();
      await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.UNDER_REVIEW}`);
    }
    await detail.requestChanges.click();
    await detail.decision.getByRole('checkbox').first().check();
    await detail.decision
      .getByRole('textbox', { name: /^Tell the traveller what to change/ })
      .fill('Please give the number of your new passport.');
    await expectNoA11yViolations(page);
    await detail.decision.getByRole('button', { name: 'Ask for these changes' }).click();
    await expect(detail.decision.getByText('Changes requested from the traveller.')).toBeVisible();
    await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.CHANGES_REQUESTED}`);
    // The deadline waits for the traveller.
    await expect(work).toContainText('Waiting for the traveller');

    // The history shows who took it and the note.
    await expect(detail.history).toContainText(`Nadia Okafor-${run}`);
    await expect(detail.history).toContainText(note);

    // The admin sees the new colleague among the staff accounts, with the authenticator set up.
    await adminPage.reload();
    const account = adminPage
      .getByRole('table', { name: 'Staff accounts' })
      .getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await expect(account).toContainText('Caseworker');
    await expect(account).toContainText('Active');
    await expect(account).toContainText('Set up');
  });
});
