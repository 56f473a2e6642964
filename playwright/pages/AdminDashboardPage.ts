import { expect, type Locator, type Page } from '@playwright/test';
import { AdminMenu } from './AdminMenu';

export const ADMIN_PATH = '/admin';

/** `/admin` (mf-admin, staff only): counts by status, amounts paid and the recent applications. */
export class AdminDashboardPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly menu: AdminMenu;
  readonly lastUpdated: Locator;
  readonly refresh: Locator;
  readonly counts: Locator;
  readonly paid: Locator;
  readonly recent: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
    this.menu = new AdminMenu(page);
    this.lastUpdated = this.main.getByText(/^Last updated:/);
    this.refresh = this.main.getByRole('button', { name: 'Refresh' });
    this.counts = this.main.getByRole('region', { name: 'Applications by status' });
    this.paid = this.main.getByRole('region', { name: 'Amount paid' });
    this.recent = this.main.getByRole('table', { name: 'Recent applications' });
  }

  async goto(): Promise<void> {
    await this.page.goto(ADMIN_PATH);
    await this.waitUntilReady();
  }

  /** The heading is there and the figures have loaded. */
  async waitUntilReady(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.lastUpdated).toBeVisible();
    await expect(this.main.locator('[aria-busy="true"]')).toHaveCount(0);
  }

  /** The link of a status's count, e.g. 'Approved 7 applications'. */
  statusLink(label: string): Locator {
    return this.counts.getByRole('link', { name: new RegExp(`^${label} \\d+ applications$`) });
  }

  /** The count shown for a status label, e.g. 'Approved'. */
  async statusCount(label: string): Promise<number> {
    const name = (await this.statusLink(label).textContent()) ?? '';
    const match = /(\d+)/.exec(name);
    if (!match) throw new Error(`no count for ${label} in "${name}"`);
    return Number(match[1]);
  }

  /** The amount paid for 'Today', 'Last 7 days' or 'Last 30 days'. */
  amountPaid(period: string): Locator {
    return this.paid
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${period}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }
}
