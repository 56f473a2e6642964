import { expect, type Locator, type Page } from '@playwright/test';

export const CONTACT_PATH = '/contact';

/** `/contact` (mf-account): the contact form (a guest names an order; a signed-in traveller picks one). */
export class ContactPage {
  readonly main: Locator;
  readonly heading: Locator;
  /** A guest's order number and email address. */
  readonly orderNumber: Locator;
  readonly email: Locator;
  /** A signed-in traveller's choice of order ("Not about an order" or one of theirs). */
  readonly whichOrder: Locator;
  readonly topic: Locator;
  readonly message: Locator;
  readonly send: Locator;
  readonly errorSummary: Locator;
  /** The confirmation after sending: "Message sent" and the reference to quote. */
  readonly sentHeading: Locator;
  readonly sentPanel: Locator;
  readonly viewConversation: Locator;
  readonly helpCentreLink: Locator;
  /** A signed-in traveller's conversations. */
  readonly yourMessages: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: 'Contact us' });
    this.orderNumber = this.main.getByRole('textbox', { name: /^Order number/ });
    this.email = this.main.getByRole('textbox', { name: /^Email address/ });
    this.whichOrder = this.main.getByRole('combobox', { name: 'Which order?' });
    this.topic = this.main.getByRole('combobox', { name: /^What is your question about/ });
    this.message = this.main.getByRole('textbox', { name: /^Your message/ });
    this.send = this.main.getByRole('button', { name: 'Send message' });
    this.errorSummary = this.main.getByRole('alert').filter({ hasText: 'There is a problem' });
    this.sentHeading = this.main.getByRole('heading', { level: 2, name: 'Message sent' });
    this.sentPanel = this.main.locator('.wpa-panel');
    this.viewConversation = this.main.getByRole('link', { name: 'View your conversation' });
    this.helpCentreLink = this.main.getByRole('link', { name: 'help centre' });
    this.yourMessages = this.main.getByRole('region', { name: 'Your messages' });
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`${CONTACT_PATH}${query}`);
    await this.waitUntilReady();
  }

  /** The heading is there and the form has taken over (its button is enabled once the page has hydrated). */
  async waitUntilReady(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.send).toBeEnabled();
  }

  /** The reference shown after sending (S-…). */
  async sentReference(): Promise<string> {
    await expect(this.sentHeading).toBeVisible();
    const text = (await this.sentPanel.locator('strong').textContent()) ?? '';
    return text.trim();
  }
}

/** An order's Messages on its card in My orders: the disclosure, its conversations and the reply box. */
export class OrderMessages {
  readonly disclosure: Locator;
  readonly askAboutOrder: Locator;
  readonly reply: Locator;
  readonly sendReply: Locator;

  constructor(readonly card: Locator) {
    this.disclosure = card.locator('summary').filter({ hasText: /^Messages/ });
    this.askAboutOrder = card.getByRole('link', { name: /^Ask about this order/ });
    this.reply = card.getByRole('textbox', { name: /^Reply about/ });
    this.sendReply = card.getByRole('button', { name: 'Send reply' });
  }

  /** A conversation of the order, by its reference, once the disclosure is open. */
  conversation(reference: string): Locator {
    return this.card.getByRole('region', { name: new RegExp(`^${reference}:`) });
  }
}
