import { expect, type Locator, type Page } from '@playwright/test';

/** `/application/{id}`: where the post-payment pages live. */
export function applicationPath(applicationId: string): string {
  return `/application/${encodeURIComponent(applicationId)}`;
}

/** `/application/{id}/travelers/{travelerId}/{slug}`: one traveller's page. */
export function travellerPath(applicationId: string, travelerId: string, slug: string): string {
  return `${applicationPath(applicationId)}/travelers/${encodeURIComponent(travelerId)}/${slug}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The sidebar of the post-payment layout ('Your application'): trip details, then General Information, each
 * traveller as a disclosure ('Traveller 2 – Ben Lee, 3 of 6 done'; the current one open) over their sections with
 * their state (Not started, In progress, Completed), Review, and Save & Exit.
 */
export class PostPaymentSidebar {
  readonly root: Locator;
  readonly nav: Locator;
  readonly generalInformation: Locator;
  readonly review: Locator;
  readonly summary: Locator;
  readonly saveAndExit: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('complementary', { name: 'Your application' });
    this.nav = this.root.getByRole('navigation', { name: 'Application sections' });
    this.generalInformation = this.nav.getByRole('link', { name: /^General information\b/ });
    this.review = this.nav.getByRole('link', { name: 'Review & submit', exact: true });
    this.summary = this.nav.getByRole('link', { name: 'Summary', exact: true });
    this.saveAndExit = this.root.getByRole('button', { name: 'Save and exit' });
  }

  /** A traveller's part of the sidebar, by its title ('Traveller 1 – Ann Marie Lee'). */
  traveller(title: string): Locator {
    return this.nav.getByRole('region', { name: title, exact: true });
  }

  /** The button that opens or folds a traveller's sections; named with the progress ('…, 3 of 6 done'). */
  travellerToggle(title: string): Locator {
    return this.traveller(title).getByRole('button', {
      name: new RegExp(`^${escapeRegExp(title)}\\s*,`),
    });
  }

  /** Opens a traveller's sections unless they are open already. */
  async openTraveller(title: string): Promise<void> {
    const toggle = this.travellerToggle(title);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }

  /** A traveller's section link ('Passport page', 'Work', …), named with its state. */
  section(travellerTitle: string, label: string): Locator {
    return this.traveller(travellerTitle).getByRole('link', {
      name: new RegExp(`^${label}\\b`),
    });
  }

  /** Every section of the traveller shows `state` (the link is named 'Work: Completed'). */
  async expectTravellerStates(
    travellerTitle: string,
    labels: readonly string[],
    state: string,
  ): Promise<void> {
    await this.openTraveller(travellerTitle);
    await expect(this.traveller(travellerTitle).getByRole('link')).toHaveCount(labels.length);
    for (const label of labels)
      await expect(this.section(travellerTitle, label)).toHaveAccessibleName(
        new RegExp(`^${label}\\s*:\\s*${state}$`),
      );
  }
}

/** What every post-payment page has: the layout (sidebar, order reference, read-only banner) and its heading. */
export class PostPaymentPage {
  readonly main: Locator;
  readonly heading: Locator;
  /** The page itself, beside the sidebar (both are inside `main`): the heading's frame. */
  readonly content: Locator;
  readonly sidebar: PostPaymentSidebar;
  readonly reference: Locator;
  readonly readOnlyBanner: Locator;
  readonly errorSummary: Locator;
  readonly back: Locator;
  readonly saveAndContinue: Locator;
  /** The button that moves on once the page is read-only (or a document is already accepted). */
  readonly continueButton: Locator;

  constructor(
    readonly page: Page,
    readonly title: string,
  ) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: title, exact: true });
    this.content = this.heading.locator('xpath=..');
    this.sidebar = new PostPaymentSidebar(page);
    this.reference = this.main.getByText(/^Order [A-Z0-9-]+$/);
    this.readOnlyBanner = this.main.getByRole('region', {
      name: 'This application has been submitted and can no longer be changed.',
    });
    this.errorSummary = this.content.getByRole('alert', { name: 'There is a problem' });
    this.back = this.content.getByRole('button', { name: 'Back', exact: true });
    this.saveAndContinue = this.content.getByRole('button', {
      name: 'Save and continue',
      exact: true,
    });
    this.continueButton = this.content.getByRole('button', { name: 'Continue', exact: true });
  }

  /** The traveller the page belongs to, shown above the heading ('Traveller 2 – Ben Lee'). */
  caption(text: string): Locator {
    return this.content.getByText(text, { exact: true });
  }

  /** The layout has loaded the application and the page's heading shows. */
  async waitUntilReady(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.sidebar.nav).toBeVisible();
  }

  /** A red box (role alert) with this text. */
  alert(text: string): Locator {
    return this.content.getByRole('alert').filter({ hasText: text });
  }
}
