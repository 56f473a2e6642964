import { expect, type Locator, type Page } from '@playwright/test';
import { AccountMenu } from './AccountMenu';

export const ORDERS_PATH = '/orders';

/** `/orders` (signed-in users): the user's applications in two tabs. */
export class OrdersPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly menu: AccountMenu;
  readonly tablist: Locator;
  readonly activeTab: Locator;
  readonly oldTab: Locator;
  readonly activePanel: Locator;
  readonly oldPanel: Locator;
  /** The saved, unpaid application of the wizard (first in the active tab). */
  readonly savedApplication: Locator;
  /** The confirmation shown once after the traveller's final submit, above the tabs. */
  readonly submittedNotice: Locator;
  /** The active tab's link to Old applications (when it is empty, or an order moved there). */
  readonly showOldButton: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: 'My orders' });
    this.menu = new AccountMenu(page);
    this.tablist = this.main.getByRole('tablist', { name: 'My orders' });
    this.activeTab = this.tablist.getByRole('tab', { name: 'Active applications' });
    this.oldTab = this.tablist.getByRole('tab', { name: 'Old applications' });
    this.activePanel = this.main.getByRole('tabpanel', { name: 'Active applications' });
    this.oldPanel = this.main.getByRole('tabpanel', { name: 'Old applications' });
    this.savedApplication = this.activePanel
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Saved application' }) });
    this.submittedNotice = this.main
      .getByRole('status')
      .getByRole('region', { name: 'Application sent to the Waypoint team' });
    this.showOldButton = this.activePanel.getByRole('link', { name: 'Show Old applications' });
  }

  async goto(): Promise<void> {
    await this.page.goto(ORDERS_PATH);
    await this.waitUntilReady();
  }

  /** The 'Start an application' link of an empty tab. */
  startApplication(panel: Locator): Locator {
    return panel.getByRole('link', { name: 'Start an application' });
  }

  // Receipts
  /** The card of an order in a panel, by its reference. */
  orderCard(panel: Locator, reference: string): Locator {
    return panel
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name: `Order #${reference}` }) });
  }

  /** A paid order's 'Download invoice <number> (PDF)' link. */
  receiptLink(card: Locator): Locator {
    return card.getByRole('link', { name: /^Download invoice \d{4}-\d{6} \(PDF\)$/ });
  }

  /** Shows the old applications: a link to their address, which works before the page's script has run too. */
  async showOld(): Promise<void> {
    await this.oldTab.click();
    await expect(this.oldTab).toHaveAttribute('aria-selected', 'true');
  }

  /** The heading is there and the orders have loaded (no spinner). */
  async waitUntilReady(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(
      this.main.getByRole('status').filter({ hasText: 'Loading your orders' }),
    ).toHaveCount(0);
  }
}
