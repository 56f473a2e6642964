import { expect, type Locator, type Page } from '@playwright/test';
import { AdminMenu } from './AdminMenu';

export const ADMIN_APPLICATIONS_PATH = '/admin/applications';

/** `/admin/applications` (mf-admin): filters in the URL, pages of 20, the Export CSV link. */
export class AdminApplicationsPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly menu: AdminMenu;
  readonly exportLink: Locator;
  readonly filters: Locator;
  readonly search: Locator;
  readonly status: Locator;
  /** The date filters: day, month and year fields each (a group), whatever the browser's language. */
  readonly dateFrom: Locator;
  readonly dateTo: Locator;
  readonly clearFilters: Locator;
  /** 'Sort by': the same orders as the column headers, plus newest and oldest first. */
  readonly sortBy: Locator;
  readonly table: Locator;
  /** The body rows (each has a row header: the application). */
  readonly rows: Locator;
  /** 'Showing X to Y of Z results' (or 'Loading applications…' while a page loads). */
  readonly showing: Locator;
  readonly pagination: Locator;
  readonly previous: Locator;
  readonly next: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: 'Applications' });
    this.menu = new AdminMenu(page);
    this.exportLink = this.main.getByRole('link', { name: 'Export CSV' });
    this.filters = this.main.getByRole('search', { name: 'Filter applications' });
    this.search = this.filters.getByRole('searchbox', { name: 'Search' });
    this.status = this.filters.getByRole('combobox', { name: 'Status' });
    this.dateFrom = this.filters.getByRole('group', { name: 'From date' });
    this.dateTo = this.filters.getByRole('group', { name: 'To date' });
    this.clearFilters = this.filters.getByRole('button', { name: 'Clear filters' });
    this.sortBy = this.filters.getByRole('combobox', { name: 'Sort by' });
    this.table = this.main.getByRole('table', { name: 'Applications' });
    this.rows = this.table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    this.showing = this.main
      .getByRole('status')
      .filter({ hasText: /^(Showing \d+ to \d+ of \d+ results|Loading applications…)$/ });
    this.pagination = this.main.getByRole('navigation', { name: 'Pagination' });
    this.previous = this.pagination.getByRole('button', { name: 'Previous' });
    this.next = this.pagination.getByRole('button', { name: 'Next' });
    this.empty = this.main.getByText('No applications match these filters.');
  }

  /** Opens the list, with these query parameters when given. */
  async goto(query = ''): Promise<void> {
    await this.page.goto(`${ADMIN_APPLICATIONS_PATH}${query ? `?${query}` : ''}`);
    await this.waitUntilLoaded();
  }

  /** The heading is there and no page of results is on its way. */
  async waitUntilLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.showing).toHaveText(/^Showing \d+ to \d+ of \d+ results$/);
    await expect(this.main.locator('[aria-busy="true"]')).toHaveCount(0);
  }

  /** The total of 'Showing X to Y of Z results' once loaded. */
  /** Chooses a whole date (YYYY-MM-DD) in a date filter: its day, month and year, as a member of staff does. */
  async chooseDate(filter: Locator, iso: string): Promise<void> {
    const [year, month, day] = iso.split('-').map((part) => String(Number(part)));
    await filter.getByRole('combobox', { name: 'Day' }).selectOption(day!);
    await filter.getByRole('combobox', { name: 'Month' }).selectOption(month!);
    await filter.getByRole('combobox', { name: 'Year' }).selectOption(year!);
  }

  /** The date a date filter shows, as YYYY-MM-DD ('' when none). */
  async dateShown(filter: Locator): Promise<string> {
    const [day, month, year] = await Promise.all(
      ['Day', 'Month', 'Year'].map((part) =>
        filter.getByRole('combobox', { name: part }).inputValue(),
      ),
    );
    if (!day && !month && !year) return '';
    return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  }

  async total(): Promise<number> {
    await this.waitUntilLoaded();
    const match = /of (\d+) results$/.exec((await this.showing.textContent()) ?? '');
    if (!match) throw new Error('no total shown');
    return Number(match[1]);
  }

  pageButton(page: number): Locator {
    return this.pagination.getByRole('button', { name: `Page ${page}`, exact: true });
  }

  /** The row of the application with this reference (without '#'). */
  row(reference: string): Locator {
    return this.rows.filter({
      has: this.page.getByRole('link', { name: `View application #${reference}` }),
    });
  }

  viewLink(reference: string): Locator {
    return this.table.getByRole('link', { name: `View application #${reference}` });
  }

  changeStatusLink(reference: string): Locator {
    return this.table.getByRole('link', { name: `Change status of #${reference}` });
  }

  /** The header cell of a column ('Travellers', 'Amount', 'Status', 'Submitted' sort the list). */
  columnHeader(name: string): Locator {
    return this.table.getByRole('columnheader', { name, exact: true });
  }

  /** The button in a sortable column's header. */
  sortButton(name: string): Locator {
    return this.columnHeader(name).getByRole('button', { name, exact: true });
  }

  /** The Status cell of a row (each cell carries its column's name, shown as its label on a phone's cards). */
  statusOf(row: Locator): Locator {
    return row.locator('td[data-label="Status"]');
  }

  /** The statuses of the rows shown, top to bottom. */
  async statuses(): Promise<string[]> {
    const texts: string[] = [];
    for (const row of await this.rows.all()) {
      texts.push(((await this.statusOf(row).textContent()) ?? '').trim());
    }
    return texts;
  }
}
