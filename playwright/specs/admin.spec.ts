import type { APIRequestContext, Page } from '@playwright/test';
import { registerThroughApi } from '../support/accounts';
import {
  adminSeeded,
  adminTotal,
  CSV_HEADER,
  csvCells,
  expect,
  NOT_SEEDED,
  nextStaffCode,
  placePaidOrder,
  signInAsStaff,
  STAFF,
  STATUS,
  submitThroughApi,
  SYNTHETIC_APPLICATIONS,
  test,
  type PaidOrder,
  testPictures,
} from '../support/admin';
import { expectNoA11yViolations } from '../support/axe';
import { recordRequests } from '../support/fixtures';
import { linkPathIn } from '../support/mailbox';
import { BASE_URL_ENV } from '../support/portal.mjs';
import {
  ADMIN_APPLICATIONS_PATH,
  type AdminApplicationsPage,
} from '../pages/AdminApplicationsPage';
import { ADMIN_PATH } from '../pages/AdminDashboardPage';
import { adminApplicationPath } from '../pages/AdminApplicationDetailPage';
import { LOGIN_PATH } from '../pages/LoginPage';
import { ORDERS_PATH } from '../pages/OrdersPage';

// Every order here is placed and paid through the API (2 of the 30 orders an hour per IP); the paging runs over
// the synthetic applications the global setup seeds. Rows made by other specs may be in the list too: the
// figures are read from the dashboard or filtered down to this file's own rows.

const REJECTION_REASON = 'The photo is not readable.';
const PRICE = '€51.90';

/** The amount of '€1,234.50' in cents. */
function cents(euros: string): number {
  return Math.round(Number(euros.replace(/[^\d.]/g, '')) * 100);
}

/** The lead traveller's full name, as the account and the traveller list show it. */
function nameOf(order: PaidOrder): string {
  return `${order.traveller.firstName} ${order.traveller.lastName}`;
}

/** Four capital-led letters, e.g. 'Kqzt': makes a surname this run's own. */
function uniqueSurnamePart(): string {
  const letters = Array.from({ length: 4 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
  return `${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
}

/** How far the page scrolls sideways (0: it fits the window). */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** The amounts of the rows shown, in cents, top to bottom. */
async function amountsShown(list: AdminApplicationsPage): Promise<number[]> {
  const amounts: number[] = [];
  for (const row of await list.rows.all())
    amounts.push(cents((await row.getByRole('cell').nth(3).textContent()) ?? ''));
  return amounts;
}

/** YYYY-MM-DD, `days` ago (UTC). */
function isoDaysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/** How many applications the server has approved and rejected now (the staff list's totals, as staff). */
async function statusTotals(page: Page): Promise<{ APPROVED: number; REJECTED: number }> {
  const total = async (status: string) => {
    const reply = await page.request.get(`/api/admin/applications?status=${status}`);
    expect(reply.status()).toBe(200);
    return ((await reply.json()) as { data: { pagination: { total: number } } }).data.pagination
      .total;
  };
  return { APPROVED: await total('APPROVED'), REJECTED: await total('REJECTED') };
}

test.describe('admin area', () => {
  test.describe('an admin finds, checks and decides applications; the traveller is told', () => {
    // One story: the later tests use the applications the earlier ones decided.
    test.describe.configure({ mode: 'serial', timeout: 120_000 });
    test.skip(!adminSeeded(), NOT_SEEDED);

    /** Two travellers, each in their own request context (another browser), with a submitted application. */
    let approveMe: PaidOrder;
    let rejectMe: PaidOrder;
    const contexts: APIRequestContext[] = [];

    test.beforeAll(async ({ playwright }) => {
      test.setTimeout(120_000);
      const baseURL = process.env[BASE_URL_ENV];
      if (!baseURL) throw new Error(`${BASE_URL_ENV} is not set: the global setup did not run`);
      const browserLike = async () => {
        const context = await playwright.request.newContext({ baseURL });
        contexts.push(context);
        return context;
      };
      // Surnames of this run only: a retry (or --repeat-each) on the same portal finds one order per search.
      const run = uniqueSurnamePart();
      approveMe = await placePaidOrder(await browserLike(), {
        firstName: 'Marisol',
        lastName: `Quennell-${run}`,
        passportNumber: 'QX7731904',
      });
      rejectMe = await placePaidOrder(await browserLike(), {
        firstName: 'Tobias',
        lastName: `Wrenfield-${run}`,
        passportNumber: 'TW5519027',
      });
      await submitThroughApi(approveMe);
      await submitThroughApi(rejectMe);
    });

    test.afterAll(async () => {
      await Promise.all(contexts.map((context) => context.dispose()));
    });

    test('an admin signs in, sees the dashboard, filters by status, search and date, pages through and exports', async ({
      page,
      login,
      adminDashboard: dashboard,
      adminApplications: list,
    }) => {
      // Sign in from /admin: email, Continue, password, Login, the authenticator code, and back to /admin.
      await page.goto(ADMIN_PATH);
      await expect(page).toHaveURL(`${LOGIN_PATH}?redirect=%2Fadmin`);
      await expect(login.heading).toBeVisible();
      await expectNoA11yViolations(page);
      await login.logIn(STAFF.email, STAFF.password);
      // Staff then enter the code from their authenticator app.
      await expect(page).toHaveURL(`/auth/second-factor?redirect=%2Fadmin`);
      await expectNoA11yViolations(page);
      await login.enterAuthenticatorCode(await nextStaffCode());
      await expect(page).toHaveURL(ADMIN_PATH);

      // The dashboard: counts by status, amounts paid, the recent applications.
      await dashboard.waitUntilReady();
      await expect(page).toHaveTitle('Dashboard – Waypoint admin');
      await expect(dashboard.menu.dashboard).toHaveAttribute('aria-current', 'page');
      for (const label of Object.values(STATUS))
        await expect(dashboard.statusLink(label)).toBeVisible();
      expect(await dashboard.statusCount(STATUS.SUBMITTED)).toBeGreaterThanOrEqual(2);
      const approvedCount = await dashboard.statusCount(STATUS.APPROVED);
      expect(approvedCount).toBeGreaterThan(0);
      // Both orders were paid today (€51.90 each); the amounts grow with the period.
      const today = cents((await dashboard.amountPaid('Today').textContent()) ?? '');
      const week = cents((await dashboard.amountPaid('Last 7 days').textContent()) ?? '');
      const month = cents((await dashboard.amountPaid('Last 30 days').textContent()) ?? '');
      expect(today).toBeGreaterThanOrEqual(2 * cents(PRICE));
      expect(week).toBeGreaterThanOrEqual(today);
      expect(month).toBeGreaterThanOrEqual(week);
      for (const order of [approveMe, rejectMe]) {
        const recent = dashboard.recent
          .getByRole('row')
          .filter({ has: page.getByRole('link', { name: `#${order.reference}`, exact: true }) });
        await expect(recent).toContainText(nameOf(order));
        await expect(recent).toContainText(STATUS.SUBMITTED);
      }
      await expectNoA11yViolations(page);

      // Applications: everything, newest first, 20 a page.
      await dashboard.menu.applications.click();
      await expect(page).toHaveURL(ADMIN_APPLICATIONS_PATH);
      await list.waitUntilLoaded();
      await expect(page).toHaveTitle('Applications – Waypoint admin');
      await expect(list.menu.applications).toHaveAttribute('aria-current', 'page');
      const everything = await list.total();
      expect(everything).toBeGreaterThanOrEqual(SYNTHETIC_APPLICATIONS + 2);
      await expect(list.showing).toHaveText(`Showing 1 to 20 of ${everything} results`);
      await expect(list.rows).toHaveCount(20);
      await expect(list.search).toHaveAttribute('placeholder', 'Search by email, name...');
      await expectNoA11yViolations(page);

      // Status: as many as the dashboard counts, each of them approved.
      await list.status.selectOption({ label: STATUS.APPROVED });
      await expect(page).toHaveURL(`${ADMIN_APPLICATIONS_PATH}?status=APPROVED`);
      await expect(list.showing).toHaveText(
        `Showing 1 to ${Math.min(approvedCount, 20)} of ${approvedCount} results`,
      );
      await list.waitUntilLoaded();
      expect(new Set(await list.statuses())).toEqual(new Set([STATUS.APPROVED]));
      await expect(list.clearFilters).toBeVisible();
      await expectNoA11yViolations(page);

      // Search within the approved ones: this traveller's e-mail is not among them.
      await list.search.fill(approveMe.email);
      await expect(page).toHaveURL(
        `${ADMIN_APPLICATIONS_PATH}?search=${encodeURIComponent(approveMe.email)}&status=APPROVED`,
      );
      await expect(list.empty).toBeVisible();
      await expect(list.showing).toHaveText('Showing 0 to 0 of 0 results');
      await expectNoA11yViolations(page);

      // …but among the submitted ones: one row, with the account's name and e-mail, the amount and the status.
      await list.status.selectOption({ label: STATUS.SUBMITTED });
      await expect(list.showing).toHaveText('Showing 1 to 1 of 1 results');
      const row = list.row(approveMe.reference);
      await expect(row).toBeVisible();
      await expect(list.rows).toHaveCount(1);
      await expect(row.getByRole('rowheader')).toContainText(`#${approveMe.reference}`);
      await expect(row.getByRole('rowheader')).toContainText('United States');
      await expect(row.getByRole('cell')).toHaveText([
        `Select application #${approveMe.reference}`,
        `${nameOf(approveMe)}${approveMe.email}`,
        '1',
        PRICE,
        STATUS.SUBMITTED,
        // Due: the submission plus the speed's hours (days away, so no word with it); nobody works on it yet.
        /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\s*Unassigned$/,
        /^\d{1,2} [A-Z][a-z]{2} \d{4}$/,
        '',
      ]);
      await expect(row.getByRole('rowheader')).toContainText('United Kingdom ETA');
      await expect(list.changeStatusLink(approveMe.reference)).toBeVisible();
      await expectNoA11yViolations(page);

      // A traveller's name, and an order reference, find the order whatever its status.
      await list.status.selectOption({ label: 'All' });
      await list.search.fill(rejectMe.traveller.lastName);
      await expect(page).toHaveURL(
        `${ADMIN_APPLICATIONS_PATH}?search=${encodeURIComponent(rejectMe.traveller.lastName)}`,
      );
      await expect(list.showing).toHaveText('Showing 1 to 1 of 1 results');
      await expect(list.row(rejectMe.reference)).toBeVisible();
      await list.search.fill(`#${approveMe.reference}`);
      await list.search.press('Enter');
      await expect(list.showing).toHaveText('Showing 1 to 1 of 1 results');
      await expect(list.row(approveMe.reference)).toBeVisible();

      // Clear filters: the whole list again.
      await list.clearFilters.click();
      await expect(page).toHaveURL(ADMIN_APPLICATIONS_PATH);
      await expect(list.search).toHaveValue('');
      await expect(list.showing).toHaveText(`Showing 1 to 20 of ${everything} results`);

      // A dense table that fits the window at 1280 px: every column, Status and Actions too, on screen.
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await sidewaysScroll(page)).toBe(0);
      for (const name of ['Status', 'Actions']) {
        const box = await list.columnHeader(name).boundingBox();
        expect(box, `the ${name} column is shown`).not.toBeNull();
        expect(
          box!.x + box!.width,
          `the ${name} column ends inside the window`,
        ).toBeLessThanOrEqual(1280);
      }

      // Sorting by a column header: ascending, then descending, kept in the URL; the server orders the rows.
      await expect(list.columnHeader('Amount')).not.toHaveAttribute('aria-sort');
      await list.sortButton('Amount').click();
      await expect(page).toHaveURL(`${ADMIN_APPLICATIONS_PATH}?sort=amount&order=asc`);
      await expect(list.columnHeader('Amount')).toHaveAttribute('aria-sort', 'ascending');
      await list.waitUntilLoaded();
      const ascending = await amountsShown(list);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      await list.sortButton('Amount').click();
      await expect(page).toHaveURL(`${ADMIN_APPLICATIONS_PATH}?sort=amount&order=desc`);
      await expect(list.columnHeader('Amount')).toHaveAttribute('aria-sort', 'descending');
      await expect(list.sortBy).toHaveValue('amount:desc');
      await list.waitUntilLoaded();
      const descending = await amountsShown(list);
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
      expect(descending[0]).toBeGreaterThan(ascending[0]!);
      await expectNoA11yViolations(page);

      // The header row stays in view under the site's header while the list scrolls.
      await list.rows.nth(15).scrollIntoViewIfNeeded();
      const header = await list.columnHeader('Amount').boundingBox();
      expect(header!.y).toBeGreaterThanOrEqual(60);
      expect(header!.y).toBeLessThan(80);

      // Newest first from the Sort by list, then the work queue's order again: the default, nothing about the
      // order in the URL.
      await list.sortBy.selectOption({ label: 'Newest first' });
      await expect(page).toHaveURL(`${ADMIN_APPLICATIONS_PATH}?sort=created&order=desc`);
      await expect(list.columnHeader('Amount')).not.toHaveAttribute('aria-sort');
      await list.sortBy.selectOption({ label: 'Due, soonest first' });
      await expect(page).toHaveURL(ADMIN_APPLICATIONS_PATH);
      await expect(list.columnHeader('Due · assigned to')).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      await page.setViewportSize({ width: 1280, height: 720 });

      // Paging through the synthetic applications: Next, page buttons, Previous.
      await list.search.fill('synthetic');
      await expect(list.showing).toHaveText(`Showing 1 to 20 of ${SYNTHETIC_APPLICATIONS} results`);
      await expect(list.previous).toHaveAttribute('aria-disabled', 'true');
      await expect(list.pageButton(1)).toHaveAttribute('aria-current', 'page');
      await expect(list.pagination.getByRole('button', { name: /^Page \d+$/ })).toHaveText([
        '1',
        '2',
        '3',
      ]);
      await list.next.click();
      await expect(page).toHaveURL(`${ADMIN_APPLICATIONS_PATH}?search=synthetic&page=2`);
      await expect(list.showing).toHaveText(
        `Showing 21 to 40 of ${SYNTHETIC_APPLICATIONS} results`,
      );
      await expect(list.pageButton(2)).toHaveAttribute('aria-current', 'page');
      await list.waitUntilLoaded();
      await expect(list.rows).toHaveCount(20);
      await expect(list.rows.first()).toContainText('@example.com');
      await expectNoA11yViolations(page);

      await list.pageButton(3).click();
      await expect(list.showing).toHaveText(
        `Showing 41 to ${SYNTHETIC_APPLICATIONS} of ${SYNTHETIC_APPLICATIONS} results`,
      );
      await expect(list.rows).toHaveCount(SYNTHETIC_APPLICATIONS - 40);
      // The ends stay focusable (aria-disabled) and do nothing.
      await expect(list.next).toHaveAttribute('aria-disabled', 'true');
      await list.next.press('Enter');
      await expect(page).toHaveURL(`${ADMIN_APPLICATIONS_PATH}?search=synthetic&page=3`);

      await list.previous.click();
      await expect(page).toHaveURL(`${ADMIN_APPLICATIONS_PATH}?search=synthetic&page=2`);
      await expect(list.showing).toHaveText(
        `Showing 21 to 40 of ${SYNTHETIC_APPLICATIONS} results`,
      );

      // The filters live in the URL: a reload shows the same page of the same view.
      await page.reload();
      await list.waitUntilLoaded();
      await expect(page).toHaveURL(`${ADMIN_APPLICATIONS_PATH}?search=synthetic&page=2`);
      await expect(list.search).toHaveValue('synthetic');
      await expect(list.showing).toHaveText(
        `Showing 21 to 40 of ${SYNTHETIC_APPLICATIONS} results`,
      );
      await expect(list.pageButton(2)).toHaveAttribute('aria-current', 'page');

      // Another filter goes back to page 1: the synthetic applications of the last year.
      const yearAgo = isoDaysAgo(365);
      await list.chooseDate(list.dateFrom, yearAgo);
      await expect(page).toHaveURL(
        `${ADMIN_APPLICATIONS_PATH}?search=synthetic&dateFrom=${yearAgo}`,
      );
      const lastYear = await list.total();
      expect(lastYear).toBeGreaterThan(0);
      expect(lastYear).toBeLessThan(SYNTHETIC_APPLICATIONS);
      expect(lastYear).toBe(await adminTotal(page.request, `search=synthetic&dateFrom=${yearAgo}`));
      await expectNoA11yViolations(page);

      await page.reload();
      await list.waitUntilLoaded();
      await expect(list.search).toHaveValue('synthetic');
      expect(await list.dateShown(list.dateFrom)).toBe(yearAgo);
      expect(await list.dateShown(list.dateTo)).toBe('');

      // A 'from' date after the 'to' date keeps the list as it was and says why on the field.
      await list.chooseDate(list.dateTo, isoDaysAgo(400));
      await expect(list.dateFrom).toContainText(
        "The 'from' date must be on or before the 'to' date",
      );
      await expect(list.table).toBeVisible();
      expect(await list.total()).toBe(lastYear);
      await page.goBack();
      await list.waitUntilLoaded();
      await expect(list.status).toHaveValue('');
      expect(await list.total()).toBe(lastYear);

      // Export carries the filters (not the page) and downloads every matching row.
      const exportHref = await list.exportLink.getAttribute('href');
      expect(exportHref).toBe(
        `/api/admin/applications/export.csv?search=synthetic&dateFrom=${yearAgo}`,
      );
      const exported = await page.request.get(exportHref ?? '');
      expect(exported.status()).toBe(200);
      expect(exported.headers()['content-type']).toBe('text/csv; charset=utf-8');
      expect(exported.headers()['content-disposition']).toMatch(
        /^attachment; filename="waypoint-applications-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const csv = await exported.text();
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(CSV_HEADER);
      expect(lines).toHaveLength(lastYear + 1);
      for (const line of lines.slice(1)) {
        const cells = csvCells(line);
        expect(cells).toHaveLength(12);
        expect(cells[10]).toMatch(/^synthetic\d+_\d+@example\.com$/);
        expect(cells[3]! >= yearAgo, `created ${cells[3]} on or after ${yearAgo}`).toBe(true);
      }

      // One of this file's orders, found by e-mail, as a CSV row.
      await list.clearFilters.click();
      await list.search.fill(approveMe.email);
      await expect(list.showing).toHaveText('Showing 1 to 1 of 1 results');
      const oneHref = await list.exportLink.getAttribute('href');
      expect(oneHref).toBe(
        `/api/admin/applications/export.csv?search=${encodeURIComponent(approveMe.email)}`,
      );
      const one = (await (await page.request.get(oneHref ?? '')).text())
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(one).toHaveLength(2);
      const cells = csvCells(one[1] ?? '');
      expect(cells[0]).toBe(approveMe.reference);
      expect(cells[1]).toBe(approveMe.id);
      expect(cells[2]).toBe('SUBMITTED');
      expect(cells.slice(5)).toEqual([
        'United States',
        'United Kingdom ETA',
        '1',
        nameOf(approveMe),
        nameOf(approveMe),
        approveMe.email,
        '51.90',
      ]);

      // On a small screen each application is a card, and nothing is wider than the window.
      await page.setViewportSize({ width: 390, height: 844 });
      await list.goto();
      await expect(list.rows.first()).toBeVisible();
      await expect(list.columnHeader('Amount')).toBeHidden();
      await expect(list.sortBy).toBeVisible();
      expect(await sidewaysScroll(page)).toBe(0);
      await expectNoA11yViolations(page);

      // The admin menu is a row of links above the page: one navigation, no second menu button.
      await expect(list.menu.nav).toBeVisible();
      await expect(page.getByRole('button', { name: 'Admin menu' })).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await list.menu.dashboard.click();
      await expect(page).toHaveURL(ADMIN_PATH);
      await dashboard.waitUntilReady();
      // The recent applications (some not submitted yet) stay inside the window too.
      expect(await sidewaysScroll(page)).toBe(0);
      await expectNoA11yViolations(page);
    });

    test('an admin checks a submitted application, lodges it and records its approval, and records a refusal of another with its reason', async ({
      page,
      adminDashboard: dashboard,
      adminApplications: list,
      adminDetail: detail,
    }) => {
      await signInAsStaff(page);
      await dashboard.goto();
      const approvedBefore = await dashboard.statusCount(STATUS.APPROVED);
      const rejectedBefore = await dashboard.statusCount(STATUS.REJECTED);

      // From the list to the detail.
      await list.goto(`search=${encodeURIComponent(approveMe.email)}`);
      await list.viewLink(approveMe.reference).click();
      await expect(page).toHaveURL(adminApplicationPath(approveMe.id));
      await detail.waitUntilReady(approveMe.reference);
      await expect(page).toHaveTitle(`Application #${approveMe.reference} – Waypoint admin`);
      await expect(detail.menu.applications).toHaveAttribute('aria-current', 'page');

      // Order, account, payment and general information.
      await expect(detail.fact(detail.order, 'Reference')).toHaveText(`#${approveMe.reference}`);
      await expect(detail.fact(detail.order, 'Status')).toHaveText(STATUS.SUBMITTED);
      await expect(detail.fact(detail.order, 'Visa type')).toHaveText('United Kingdom ETA');
      await expect(detail.fact(detail.order, 'Total')).toHaveText(PRICE);
      await expect(detail.fact(detail.account, 'Name')).toHaveText(nameOf(approveMe));
      await expect(detail.fact(detail.account, 'Email')).toHaveText(approveMe.email);
      await expect(detail.fact(detail.payment, 'Amount')).toHaveText(PRICE);
      await expect(detail.fact(detail.payment, 'Provider reference')).toHaveText(/^\S{6,}$/);
      await expect(detail.fact(detail.payment, 'Status')).toHaveText(/^succeeded$/i);
      await expect(detail.fact(detail.generalInfo, 'Phone')).toHaveText('+1 202-555-0143');
      await expect(detail.fact(detail.generalInfo, 'Notifications')).toHaveText('SMS');

      // The traveller: the passport number (decrypted only here), answers, documents with previews and checks.
      const traveller = detail.traveller(1, nameOf(approveMe));
      await expect(detail.fact(traveller, 'Passport number')).toHaveText(
        approveMe.traveller.passportNumber,
      );
      await expect(detail.fact(traveller, 'Nationality')).toHaveText('United States (US)');
      await expect(detail.fact(traveller, 'City/town')).toHaveText('Boston');
      await expect(detail.fact(traveller, 'Convictions')).toHaveText('No');
      for (const [title, kind] of [
        ['Passport page', 'passport page'],
        ['Photo', 'photo'],
      ] as const) {
        const preview = detail.preview(traveller, title, nameOf(approveMe));
        await preview.scrollIntoViewIfNeeded();
        await expect
          .poll(
            () => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
            {
              message: `the ${kind} preview loads`,
            },
          )
          .toBeGreaterThan(0);
        const checks = detail.checks(traveller, kind).getByRole('listitem');
        expect(await checks.count()).toBeGreaterThan(0);
        for (const check of await checks.all()) await expect(check).toHaveText(/^Passed: /);
      }
      await expect(traveller.getByText(/^Accepted, uploaded /)).toHaveCount(2);

      // The history so far, in words: placed, paid, submitted.
      for (const text of [
        'Order placed by Traveller (guest)',
        `Payment of ${PRICE} received by Waypoint`,
        `Status changed from In progress to Submitted by ${approveMe.email}`,
      ]) {
        await expect(detail.historyEntry(text)).not.toHaveCount(0);
      }
      await expect(detail.history).not.toContainText('application.');
      await expectNoA11yViolations(page);

      // Start review, then submit it to the Home Office and record the government's approval.
      await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.SUBMITTED}`);
      await expect(detail.lodge).toBeHidden();
      await detail.startReview.click();
      await expect(detail.result).toHaveText(
        `Application #${approveMe.reference} is now ${STATUS.UNDER_REVIEW}.`,
      );
      await expect(detail.result).toBeFocused();
      await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.UNDER_REVIEW}`);
      await expect(detail.startReview).toBeHidden();
      await expect(detail.requestChanges).toBeVisible();
      await expectNoA11yViolations(page);

      // Lodging asks first, in a dialog naming the traveller; Escape leaves everything as it was.
      await detail.lodge.click();
      await detail.decision
        .getByRole('textbox', { name: 'Home Office reference' })
        .fill('1234-5678-9012-3456');
      await detail.decision.getByRole('button', { name: 'Record as submitted' }).click();
      await expect(detail.confirmDialog).toHaveAccessibleName(
        'Record as submitted to the Home Office?',
      );
      await expect(detail.confirmDialog).toContainText(nameOf(approveMe));
      await expectNoA11yViolations(page);
      await page.keyboard.press('Escape');
      await expect(detail.confirmDialog).toBeHidden();
      await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.UNDER_REVIEW}`);
      await detail.decision.getByRole('button', { name: 'Record as submitted' }).click();
      await detail.confirmLodge.click();
      await expect(detail.confirmDialog).toBeHidden();
      await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.LODGED}`);
      await expect(detail.main).toContainText('reference 1234-5678-9012-3456');

      await detail.approved.check();
      const grant = detail.decision.getByRole('group', {
        name: new RegExp(`^Traveller 1: ${nameOf(approveMe)}`),
      });
      await grant
        .getByRole('textbox', { name: /^Reference on the decision/ })
        .fill('ETA-5521-0093');
      await grant.getByLabel('Valid from').fill('2026-11-28');
      await grant.getByLabel('Valid until').fill('2028-11-27');
      await grant.getByLabel(/^Decision document/).setInputFiles({
        name: 'decision.jpg',
        mimeType: 'image/jpeg',
        buffer: (await testPictures()).passportPage,
      });
      // Uploaded (a link to it), not only on its way: "Uploading decision.jpg" names the file too.
      await expect(grant.getByRole('link', { name: /decision\.jpg/ })).toBeVisible();
      await detail.recordDecision.click();
      await expect(detail.confirmDialog).toHaveAccessibleName('Record the approval?');
      await detail.confirmApprove.click();
      await expect(detail.confirmDialog).toBeHidden();
      await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.APPROVED}`);
      await expect(detail.decision).toContainText(
        'This application has been approved. The decision is final.',
      );
      await expect(detail.decision.getByRole('button')).toHaveCount(0);
      await expect(detail.fact(detail.order, 'Status')).toHaveText(STATUS.APPROVED);
      const changes = detail.historyEntry(/^Status changed from .+ by staff@/);
      await expect(changes).toHaveCount(3);
      await expect(changes.nth(0)).toHaveText(
        new RegExp(
          `^Status changed from Submitted to Under review by ${STAFF.email} · \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2}`,
        ),
      );
      await expect(changes.nth(2)).toContainText(
        `Status changed from ${STATUS.LODGED} to Approved by ${STAFF.email} · `,
      );
      await expectNoA11yViolations(page);

      // Back to the list as it was, then the second application by its 'Change status' button.
      await detail.backLink.click();
      await expect(page).toHaveURL(
        `${ADMIN_APPLICATIONS_PATH}?search=${encodeURIComponent(approveMe.email)}`,
      );
      await list.waitUntilLoaded();
      await expect(list.statusOf(list.row(approveMe.reference))).toHaveText(STATUS.APPROVED);
      await list.search.fill(rejectMe.reference);
      await expect(list.showing).toHaveText('Showing 1 to 1 of 1 results');
      await list.changeStatusLink(rejectMe.reference).click();
      await expect(page).toHaveURL(`${adminApplicationPath(rejectMe.id)}#decision`);
      await detail.waitUntilReady(rejectMe.reference);
      await expect(detail.decisionHeading).toBeFocused();
      await expect(
        detail.fact(detail.traveller(1, nameOf(rejectMe)), 'Passport number'),
      ).toHaveText(rejectMe.traveller.passportNumber);
      await expectNoA11yViolations(page);

      await detail.startReview.click();
      await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.UNDER_REVIEW}`);

      // Lodged, then refused by the government: the reason is needed.
      await detail.lodge.click();
      await detail.decision
        .getByRole('textbox', { name: 'Home Office reference' })
        .fill('1234567890123457');
      await detail.decision.getByRole('button', { name: 'Record as submitted' }).click();
      await detail.confirmLodge.click();
      await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.LODGED}`);
      await detail.refused.check();
      await detail.recordDecision.click();
      await expect(detail.decision).toContainText('Please give the reason the traveller will see');
      await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.LODGED}`);
      // Checked from the top of the page: scrolled to the summary, the side menu sits under the sticky header.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectNoA11yViolations(page);

      await detail.reason.fill(REJECTION_REASON);
      await detail.recordDecision.click();
      // The dialog names the traveller and shows the reason they will read; Cancel changes nothing.
      await expect(detail.confirmDialog).toHaveAccessibleName('Record the refusal?');
      await expect(detail.confirmDialog).toContainText(nameOf(rejectMe));
      await expect(detail.confirmDialog).toContainText(REJECTION_REASON);
      await detail.confirmCancel.click();
      await expect(detail.confirmDialog).toBeHidden();
      await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.LODGED}`);
      await detail.recordDecision.click();
      await detail.confirmReject.click();
      await expect(detail.currentStatus()).toHaveText(`Current status: ${STATUS.REJECTED}`);
      await expect(detail.main).toContainText(REJECTION_REASON);
      await expect(detail.decision).toContainText(
        'This application has been rejected. The decision is final.',
      );
      const rejection = detail.historyEntry(`Status changed from ${STATUS.LODGED} to Rejected`);
      await expect(rejection).toContainText(`by ${STAFF.email} · `);
      await expect(rejection).toContainText(`Reason given to the traveller: ${REJECTION_REASON}`);
      await expectNoA11yViolations(page);

      // The dashboard counts the decisions. Other tests decide applications on this portal at the same time, and
      // a decision is final, so each count is read from the server just before and just after the dashboard loads:
      // the dashboard shows a figure between the two (current, not a cached one), and one that has ours.
      const before = await statusTotals(page);
      await detail.menu.dashboard.click();
      await dashboard.waitUntilReady();
      const after = await statusTotals(page);
      const shown = {
        APPROVED: await dashboard.statusCount(STATUS.APPROVED),
        REJECTED: await dashboard.statusCount(STATUS.REJECTED),
      };
      for (const status of ['APPROVED', 'REJECTED'] as const) {
        expect(shown[status], status).toBeGreaterThanOrEqual(before[status]);
        expect(shown[status], status).toBeLessThanOrEqual(after[status]);
      }
      expect(shown.APPROVED).toBeGreaterThanOrEqual(approvedBefore + 1);
      expect(shown.REJECTED).toBeGreaterThanOrEqual(rejectedBefore + 1);
    });

    test('the travellers see the decisions in My orders and in their emails', async ({
      page,
      context,
      orders,
      mailbox,
    }) => {
      const approved = await mailbox.waitForMessage(approveMe.email, {
        subject: new RegExp(`^Your UK ETA has been granted – order #${approveMe.reference}$`),
      });
      expect(approved.text).toContain('Reference: ETA-5521-0093');
      expect(approved.text).toContain('Linked to the passport ending');
      await mailbox.waitForMessage(approveMe.email, {
        subject: new RegExp(`^Order #${approveMe.reference}: Under review$`),
      });
      const rejected = await mailbox.waitForMessage(rejectMe.email, {
        subject: new RegExp(`^The UK government refused your application ${rejectMe.reference}$`),
      });
      expect(rejected.text).toContain(`The reason given: ${REJECTION_REASON}`);
      await mailbox.waitForMessage(rejectMe.email, {
        subject: new RegExp(`^Order #${rejectMe.reference}: Under review$`),
      });

      // Each traveller in the browser with their own session, following the e-mail's link.
      for (const [order, message, status] of [
        [approveMe, approved, STATUS.APPROVED],
        [rejectMe, rejected, STATUS.REJECTED],
      ] as const) {
        await context.clearCookies();
        await context.addCookies((await order.request.storageState()).cookies);
        await page.goto(linkPathIn(message, ORDERS_PATH));
        await expect(page).toHaveURL(ORDERS_PATH);
        await orders.waitUntilReady();
        await expect(
          orders.activePanel.getByRole('heading', { name: `Order #${order.reference}` }),
        ).toHaveCount(0);
        await orders.showOld();
        const card = orders.oldPanel
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: `Order #${order.reference}` }) });
        await expect(card).toBeVisible();
        await expect(card).toContainText(status);
        if (status === STATUS.REJECTED)
          await expect(card).toContainText(`Reason: ${REJECTION_REASON}`);
        else await expect(card).not.toContainText('Reason:');
        await expectNoA11yViolations(page);
      }
    });
  });

  test('a registered traveller gets neither the admin pages nor the admin data', async ({
    page,
    request,
  }) => {
    await registerThroughApi(page.request);
    const adminCode = recordRequests(page, '/remotes/admin/');
    const adminCalls = recordRequests(page, '/api/admin/');
    await page.goto(ADMIN_PATH);
    await expect(
      page.getByRole('heading', { level: 1, name: 'You are not authorised to see this page' }),
    ).toBeVisible();
    await page.goto(`${ADMIN_APPLICATIONS_PATH}?status=SUBMITTED`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'You are not authorised to see this page' }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(adminCode.map((r) => r.url())).toEqual([]);
    expect(adminCalls.map((r) => r.url())).toEqual([]);
    await expect(page.getByRole('main')).not.toContainText('synthetic');
    await expectNoA11yViolations(page);

    // The API refuses them (403), and anybody without a session (401).
    for (const path of [
      '/api/admin/dashboard',
      '/api/admin/applications',
      '/api/admin/applications?status=SUBMITTED',
      '/api/admin/applications/export.csv',
    ]) {
      const asTraveller = await page.request.get(path);
      expect(asTraveller.status(), `${path} as a traveller`).toBe(403);
      expect(await asTraveller.text()).not.toContain('@example.com');
      expect((await request.get(path)).status(), `${path} signed out`).toBe(401);
    }
    const decide = await page.request.post(
      '/api/admin/applications/00000000-0000-4000-8000-000000000000/status',
      { data: { status: 'UNDER_REVIEW', version: 1 } },
    );
    expect(decide.status()).toBe(403);
  });
});
