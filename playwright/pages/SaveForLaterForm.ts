import type { Locator, Page } from '@playwright/test';

/** "Save and come back later" under a wizard step (steps 1 to 4): the action, its small form and its answer. */
export class SaveForLaterForm {
  readonly open: Locator;
  readonly form: Locator;
  readonly email: Locator;
  readonly send: Locator;
  readonly cancel: Locator;
  /** "We've sent a link to … It works once and expires in 7 days." */
  readonly sent: Locator;
  readonly problem: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.open = main.getByRole('button', { name: 'Save and come back later', exact: true });
    this.form = main.getByRole('region', { name: 'Save and come back later', exact: true });
    this.email = this.form.getByRole('textbox', { name: 'Email', exact: true });
    this.send = this.form.getByRole('button', { name: 'Send me a link', exact: true });
    this.cancel = this.form.getByRole('button', { name: 'Cancel', exact: true });
    this.sent = this.form.getByRole('status');
    this.problem = this.form.getByRole('alert');
  }
}
