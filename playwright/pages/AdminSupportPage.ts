import { expect, type Locator, type Page } from '@playwright/test';
import { AdminMenu } from './AdminMenu';

export const ADMIN_SUPPORT_PATH = '/admin/support';

/** `/admin/support` (mf-admin): travellers' conversations by status (Open, Answered, Closed), a page at a time. */
export class AdminSupportInboxPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly menu: AdminMenu;
  readonly menuLink: Locator;
  /** The links to each status, with their counts ('Open (3)'). */
  readonly statusFilter: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: 'Support' });
    this.menu = new AdminMenu(page);
    /** 'Support', with the count of open conversations when there are any. */
    this.menuLink = this.menu.nav.getByRole('link', { name: /^Support\b/ });
    this.statusFilter = this.main.getByRole('navigation', { name: 'Conversations by status' });
    this.table = this.main.getByRole('table', { name: /^Support conversations:/ });
  }

  async goto(status?: 'open' | 'answered' | 'closed'): Promise<void> {
    await this.page.goto(status ? `${ADMIN_SUPPORT_PATH}?status=${status}` : ADMIN_SUPPORT_PATH);
    await this.waitUntilReady();
  }

  async waitUntilReady(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.statusFilter.getByRole('link', { name: /^Open \(\d+\)$/ })).toBeVisible();
  }

  /** A status's link: 'Open', 'Answered' or 'Closed', whatever its count. */
  status(name: 'Open' | 'Answered' | 'Closed'): Locator {
    return this.statusFilter.getByRole('link', { name: new RegExp(`^${name} \\(\\d+\\)$`) });
  }

  /** The row of a conversation, by its reference. */
  row(reference: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: reference }) });
  }
}

export const adminSupportConversationPath = (id: string) =>
  `${ADMIN_SUPPORT_PATH}/${encodeURIComponent(id)}`;

/** `/admin/support/:id` (mf-admin): a conversation's messages, the reply form, and what it is about, with Close. */
export class AdminSupportConversationPage {
  readonly main: Locator;
  readonly messages: Locator;
  readonly about: Locator;
  readonly reply: Locator;
  readonly sendReply: Locator;
  readonly close: Locator;
  /** What the last step did ('Reply sent. …', 'Conversation closed. …'), announced politely. */
  readonly result: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.messages = this.main.getByRole('list', { name: 'Messages' });
    this.about = this.main.getByRole('complementary', { name: 'About this conversation' });
    this.reply = this.main.getByRole('textbox', { name: /^Your reply/ });
    this.sendReply = this.main.getByRole('button', { name: 'Send reply' });
    this.close = this.about.getByRole('button', { name: 'Close conversation' });
    this.result = this.main.getByRole('status').filter({ hasText: /./ });
  }

  heading(reference: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: `Conversation ${reference}` });
  }

  async waitUntilReady(reference: string): Promise<void> {
    await expect(this.heading(reference)).toBeVisible();
    await expect(this.messages).toBeVisible();
  }
}
