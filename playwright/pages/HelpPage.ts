import { expect, type Locator, type Page } from '@playwright/test';

/** The help centre's topics: address and heading, in the order the index lists them. */
export const HELP_TOPICS = [
  { path: '/help/uk-eta', title: 'What is a UK ETA?' },
  { path: '/help/visitor-visa', title: 'What is a UK visitor visa?' },
  { path: '/help/documents', title: 'Documents you need' },
  { path: '/help/photos', title: 'Photos that pass our checks' },
  { path: '/help/processing-times', title: 'Processing speeds and deadlines' },
  { path: '/help/refunds', title: 'Refunds' },
  { path: '/help/privacy', title: 'Your privacy' },
  { path: '/help/contact', title: 'Contact us' },
] as const;

/** `/help` and `/help/<topic>`: the index of topics, a topic's page, and the way to a person on each. */
export class HelpPage {
  readonly indexHeading: Locator;
  readonly topics: Locator;
  readonly breadcrumb: Locator;
  readonly related: Locator;
  readonly stillNeedHelp: Locator;
  readonly contactUs: Locator;

  constructor(readonly page: Page) {
    this.indexHeading = page.getByRole('heading', { level: 1, name: 'Help centre' });
    this.topics = page.getByRole('list', { name: 'Help topics' });
    this.breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    this.related = page.getByRole('region', { name: 'Related' });
    this.stillNeedHelp = page.getByRole('complementary', { name: 'Still need help?' });
    this.contactUs = this.stillNeedHelp.getByRole('link', { name: 'Contact us' });
  }

  /** A topic's link on the index. */
  topicLink(title: string): Locator {
    return this.topics.getByRole('link', { name: title, exact: true });
  }

  /** A topic's heading on its page. */
  topicHeading(title: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: title, exact: true });
  }

  async gotoIndex(): Promise<void> {
    await this.page.goto('/help');
    await expect(this.indexHeading).toBeVisible();
  }

  async gotoTopic(topic: (typeof HELP_TOPICS)[number]): Promise<void> {
    await this.page.goto(topic.path);
    await expect(this.topicHeading(topic.title)).toBeVisible();
  }
}
