import { expect, type Locator, type Page } from '@playwright/test';
import { AdminMenu } from './AdminMenu';

export const adminApplicationPath = (id: string) => `/admin/applications/${encodeURIComponent(id)}`;

/** `/admin/applications/:id` (mf-admin): the whole application, its documents, history and the decision. */
export class AdminApplicationDetailPage {
  readonly main: Locator;
  readonly menu: AdminMenu;
  readonly backLink: Locator;
  readonly decision: Locator;
  readonly decisionHeading: Locator;
  readonly startReview: Locator;
  /** Under review: ask the traveller for changes, or record the submission to the Home Office. */
  readonly requestChanges: Locator;
  readonly lodge: Locator;
  /** Lodged: the government's decision (Approved or Refused) and, for a refusal, its reason. */
  readonly approved: Locator;
  readonly refused: Locator;
  readonly reason: Locator;
  readonly recordDecision: Locator;
  /** 'Application #REF is now …' after a decision. */
  readonly result: Locator;
  readonly order: Locator;
  readonly payment: Locator;
  readonly account: Locator;
  readonly generalInfo: Locator;
  /** What personal data of the order was erased (retention or account deletion), and when. */
  readonly erasure: Locator;
  /** The history: one sentence per entry ('Status changed from … to … by … · date'). */
  readonly history: Locator;
  readonly historyEntries: Locator;
  /** The confirmation of a lodging or an outcome (a modal dialog), and its buttons. */
  readonly confirmDialog: Locator;
  readonly confirmLodge: Locator;
  readonly confirmApprove: Locator;
  readonly confirmReject: Locator;
  readonly confirmCancel: Locator;
  /** The Refunds panel: the choices the order allows, a reason, the confirmation, the outcome and the list. */
  readonly refunds: Locator;
  readonly refundReason: Locator;
  readonly refundButton: Locator;
  readonly refundErrorSummary: Locator;
  readonly refundDialog: Locator;
  readonly confirmRefund: Locator;
  readonly refundResult: Locator;
  readonly refundList: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.menu = new AdminMenu(page);
    this.backLink = this.main.getByRole('link', { name: 'Back to applications' });
    this.decision = this.main.getByRole('region', { name: 'Decision' });
    this.decisionHeading = this.decision.getByRole('heading', { level: 2, name: 'Decision' });
    this.startReview = this.decision.getByRole('button', { name: 'Start review' });
    this.requestChanges = this.decision.getByRole('button', { name: 'Request changes' });
    this.lodge = this.decision.getByRole('button', { name: 'Submit to the Home Office' });
    this.approved = this.decision.getByRole('radio', { name: /^Approved/ });
    this.refused = this.decision.getByRole('radio', { name: /^Refused/ });
    this.reason = this.decision.getByRole('textbox', { name: /^Reason the government gave/ });
    this.recordDecision = this.decision.getByRole('button', { name: 'Record the decision' });
    this.result = this.decision.getByRole('status').getByText(/is now/);
    this.order = this.main.getByRole('region', { name: 'Order' });
    this.payment = this.main.getByRole('region', { name: 'Payment' });
    this.account = this.main.getByRole('region', { name: 'Account' });
    this.generalInfo = this.main.getByRole('region', { name: 'General information' });
    this.erasure = this.main.getByRole('region', { name: 'Personal data erased' });
    this.history = this.main.getByRole('region', { name: 'History' });
    this.historyEntries = this.history.getByRole('listitem');
    this.confirmDialog = page.getByRole('dialog', {
      name: /^(Record as submitted to the Home Office|Record the approval|Record the refusal)\?$/,
    });
    this.confirmLodge = this.confirmDialog.getByRole('button', { name: 'Record as submitted' });
    this.confirmApprove = this.confirmDialog.getByRole('button', { name: 'Record the approval' });
    this.confirmReject = this.confirmDialog.getByRole('button', { name: 'Record the refusal' });
    this.confirmCancel = this.confirmDialog.getByRole('button', { name: 'Cancel', exact: true });
    this.refunds = this.main.getByRole('region', { name: 'Refunds', exact: true });
    this.refundReason = this.refunds.getByRole('textbox', { name: 'Reason for the refund' });
    this.refundButton = this.refunds.getByRole('button', { name: 'Refund', exact: true });
    this.refundErrorSummary = this.refunds.getByRole('alert');
    this.refundDialog = page.getByRole('dialog', { name: 'Refund this order?' });
    this.confirmRefund = this.refundDialog.getByRole('button', { name: 'Confirm the refund' });
    this.refundResult = this.refunds.getByRole('status');
    this.refundList = this.refunds.getByRole('table', { name: 'Refunds of this order' });
  }

  /** A refund the order allows now, by the start of its label ('Full refund', 'Service fee only'). */
  refundChoice(name: 'Full refund' | 'Service fee only'): Locator {
    return this.refunds.getByRole('radio', { name: new RegExp(`^${name}: `) });
  }

  // Receipts
  /** The payment section's 'Download invoice <number> (PDF)' link. */
  receiptLink(number: string): Locator {
    return this.payment.getByRole('link', { name: `Download invoice ${number} (PDF)` });
  }

  heading(reference: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: `Application #${reference}` });
  }

  async goto(id: string, reference: string): Promise<void> {
    await this.page.goto(adminApplicationPath(id));
    await this.waitUntilReady(reference);
  }

  async waitUntilReady(reference: string): Promise<void> {
    await expect(this.heading(reference)).toBeVisible();
    await expect(this.decisionHeading).toBeVisible();
  }

  /** The value of a fact ('Passport number', 'Amount', …) in a section. */
  fact(section: Locator, term: string): Locator {
    return section
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** The section of traveller `position` ('Traveller 1: Ann Lee'). */
  traveller(position: number, name: string): Locator {
    return this.main.getByRole('region', { name: `Traveller ${position}: ${name}` });
  }

  /** The current status badge in the decision panel. */
  currentStatus(): Locator {
    return this.decision.getByText(/^Current status:/);
  }

  /** The preview of a document ('Passport page' or 'Photo') of the traveller `name`. */
  preview(section: Locator, title: 'Passport page' | 'Photo', name: string): Locator {
    return section.getByRole('img', { name: `${title} of ${name}` });
  }

  /** The list of check results of a document. */
  checks(section: Locator, title: 'passport page' | 'photo'): Locator {
    return section.getByRole('list', { name: `Checks of the ${title}` });
  }

  /** The history entries with this text (e.g. 'Status changed from Submitted to Under review'). */
  historyEntry(text: string | RegExp): Locator {
    return this.historyEntries.filter({ hasText: text });
  }
}
