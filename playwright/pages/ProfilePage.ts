import { expect, type Locator, type Page } from '@playwright/test';
import { AccountMenu } from './AccountMenu';
import { CountryPicker } from './CountryPicker';

export const PROFILE_PATH = '/account/profile';

/** `/account/profile` (signed-in users): name, nationality, e-mail; a new e-mail waits for its code. */
export class ProfilePage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly menu: AccountMenu;
  /** Small screens: the button that opens the account menu as a drawer, and the drawer. */
  readonly mobileMenuButton: Locator;
  readonly mobileMenu: Locator;
  readonly name: Locator;
  readonly nationality: CountryPicker;
  readonly email: Locator;
  readonly save: Locator;
  readonly pending: Locator;
  readonly pendingCode: Locator;
  readonly pendingVerify: Locator;
  /** 'Confirm it is you', before a change of email or password, or a download of the account's data. */
  readonly proof: Locator;
  readonly proofPassword: Locator;
  readonly proofConfirm: Locator;
  /** 'Your data': download a copy of everything held, delete the account (with its confirmation step). */
  readonly yourData: Locator;
  readonly downloadData: Locator;
  readonly deleteAccount: Locator;
  readonly deleteStep: Locator;
  readonly deletePassword: Locator;
  readonly deleteConfirm: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1, name: 'Profile' });
    this.menu = new AccountMenu(page);
    this.mobileMenuButton = this.main.getByRole('button', { name: 'Account menu', exact: true });
    this.mobileMenu = page.getByRole('dialog', { name: 'Account' });
    this.name = this.main.getByRole('textbox', { name: 'Name', exact: true });
    this.nationality = new CountryPicker(this.main, 'Nationality');
    this.email = this.main.getByRole('textbox', { name: 'Email', exact: true });
    this.save = this.main.getByRole('button', { name: /^(Save changes|Saving\.\.\.)$/ });
    this.pending = this.main.getByRole('region', { name: 'Confirm your new email' });
    this.pendingCode = this.pending.getByRole('textbox', { name: 'Verification code' });
    this.pendingVerify = this.pending.getByRole('button', { name: 'Verify', exact: true });
    this.proof = this.main.getByRole('region', { name: 'Confirm it is you' });
    this.proofPassword = this.proof.getByRole('textbox', {
      name: 'Your current password',
      exact: true,
    });
    this.proofConfirm = this.proof.getByRole('button', { name: 'Confirm', exact: true });
    this.yourData = this.main.getByRole('region', { name: 'Your data' });
    this.downloadData = this.yourData.getByRole('button', { name: 'Download your data' });
    this.deleteAccount = this.yourData.getByRole('button', { name: 'Delete your account' });
    this.deleteStep = this.yourData.getByRole('region', {
      name: 'Are you sure you want to delete your account?',
    });
    this.deletePassword = this.deleteStep.getByRole('textbox', {
      name: 'Your current password',
      exact: true,
    });
    this.deleteConfirm = this.deleteStep.getByRole('button', {
      name: 'Delete my account permanently',
    });
  }

  async goto(): Promise<void> {
    await this.page.goto(PROFILE_PATH);
    await this.waitUntilReady();
  }

  /** The form is shown with the user's details and the countries are loaded. */
  async waitUntilReady(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await this.nationality.waitUntilLoaded();
  }

  /** The error summary at the top of the form ('There is a problem'). */
  errorSummary(): Locator {
    return this.main.getByRole('alert').filter({ hasText: 'There is a problem' });
  }

  status(text: string): Locator {
    return this.main.getByRole('status').filter({ hasText: text });
  }
}
