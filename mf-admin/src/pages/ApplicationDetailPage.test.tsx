import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminText } from '@waypoint/contracts';
import { formatDateTime } from '../format';
import { detail, listOf, row } from '../test/fixtures';
import { callsTo, currentPath, failure, mockApi, ok, renderAdmin } from '../test/renderAdmin';

const DETAIL = 'GET /api/admin/applications/app-1';
const DECIDE = 'POST /api/admin/applications/app-1/status';
const countries = [{ id: 'FR', name: 'France', flagEmoji: '🇫🇷', entryRule: 'ETA', ruleNote: null }];

function section(name: string | RegExp) {
  return screen.getByRole('region', { name });
}

describe('application detail', () => {
  it('shows the order, account, payment, answers, passport, documents and history', async () => {
    mockApi({
      [DETAIL]: ok(detail('SUBMITTED', ['UNDER_REVIEW'])),
      'GET /api/reference/countries': ok(countries),
    });
    await renderAdmin('/admin/applications/app-1');
    expect(
      await screen.findByRole('heading', { name: 'Application #AB12CD34', level: 1 }),
    ).toBeInTheDocument();

    const order = section('Order');
    expect(order).toHaveTextContent('Reference#AB12CD34');
    expect(order).toHaveTextContent('StatusSubmitted');
    expect(order).toHaveTextContent('Submitted21 Nov 2026');
    expect(order).toHaveTextContent('Visa typeUnited Kingdom ETA');
    expect(order).toHaveTextContent('ProcessingStandard (72 hours)');
    expect(order).toHaveTextContent('Arrival date24 Dec 2026');
    expect(order).toHaveTextContent('Total€42.00');

    expect(section('Account')).toHaveTextContent('NameAda Lovelace');
    expect(section('Account')).toHaveTextContent('Emailada@example.com');
    const payment = section('Payment');
    expect(payment).toHaveTextContent('Amount€42.00');
    expect(payment).toHaveTextContent('ProviderTest payments (sandbox)');
    expect(payment).toHaveTextContent('Provider referencepi_123');
    expect(payment).toHaveTextContent('Statussucceeded');
    expect(section('General information')).toHaveTextContent('Phone+33 612345678');
    expect(section('General information')).toHaveTextContent('NotificationsSMS');

    const traveller = section('Traveller 1: Ada Lovelace');
    expect(traveller).toHaveTextContent('Passport number19FR12345');
    expect(traveller).toHaveTextContent('NationalityFrance (FR)');
    expect(traveller).toHaveTextContent('Date of birth10 Dec 1990');
    expect(traveller).toHaveTextContent('Expiration date1 May 2031');
    expect(traveller).toHaveTextContent('Residence street address1 Rue de Rivoli');
    expect(traveller).toHaveTextContent('GenderFemale');
    expect(traveller).toHaveTextContent('Job titleMathematician');
    expect(traveller).toHaveTextContent('ConvictionsNo');

    const preview = within(traveller).getByRole('img', { name: 'Passport page of Ada Lovelace' });
    expect(preview).toHaveAttribute('src', '/api/application/app-1/documents/doc-1');
    const checks = within(traveller).getByRole('list', { name: 'Checks of the passport page' });
    const [size, sharpness] = within(checks).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(size).toHaveTextContent('Passed: Size');
    expect(size).not.toHaveTextContent('too small');
    expect(sharpness).toHaveTextContent(
      'Failed: Sharpness – The picture is blurred. Hold the camera still.',
    );
    expect(within(traveller).getByRole('link', { name: /Open the photo \(PDF\)/ })).toHaveAttribute(
      'href',
      '/api/application/app-1/documents/doc-2',
    );

    // The history in words: what happened, by whom, when; never the raw codes.
    const entries = within(section('History')).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent(
      `Status changed from In progress to Submitted by ada@example.com · ${formatDateTime('2026-11-21T12:00:00.000Z')} · IP 203.0.113.7`,
    );
    expect(entries[1]).toHaveTextContent(
      `Status changed from Under review to Rejected by staff@example.com · ${formatDateTime('2026-11-23T14:05:00.000Z')}`,
    );
    expect(entries[1]).toHaveTextContent('Reason given to the traveller: The photo is blurred.');
    expect(section('History')).not.toHaveTextContent(/status_changed|UNDER_REVIEW|from:/);
  });

  it('reserves each image’s box, wraps email addresses only after @ and dots, and names every actor in words', async () => {
    const base = detail('SUBMITTED', ['UNDER_REVIEW']);
    mockApi({
      [DETAIL]: ok({
        ...base,
        account: { ...base.account!, email: 'ada.lovelace@analytical-engine.example.com' },
        history: [
          ...base.history,
          {
            id: 3,
            at: '2026-11-22T09:00:00.000Z',
            action: 'document.uploaded',
            actor: 'phone-link',
            actorRole: 'phone-link',
            ip: '203.0.113.9',
            details: { travelerId: 'trav-1', kind: 'PHOTO' },
          },
        ],
      }),
      'GET /api/reference/countries': ok(countries),
    });
    await renderAdmin('/admin/applications/app-1');
    const traveller = await screen.findByRole('region', { name: 'Traveller 1: Ada Lovelace' });

    // The stored image's size is on the preview, so the page does not jump when it arrives.
    const preview = within(traveller).getByRole('img', { name: 'Passport page of Ada Lovelace' });
    expect(preview).toHaveAttribute('width', '1600');
    expect(preview).toHaveAttribute('height', '1100');

    const email = within(section('Account')).getByText((_, element) =>
      Boolean(
        element?.classList.contains('wpd-email') &&
        element.textContent === 'ada.lovelace@analytical-engine.example.com',
      ),
    );
    expect(email).toHaveAttribute('dir', 'ltr');
    // A break opportunity after each '.' and the '@', none inside a name.
    expect(email.querySelectorAll('wbr')).toHaveLength(4);
    expect(
      Array.from(email.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent),
    ).toEqual(['ada.', 'lovelace@', 'analytical-engine.', 'example.', 'com']);

    const entries = within(section('History')).getAllByRole('listitem');
    expect(entries[2]).toHaveTextContent('by Traveller (phone upload link)');
    expect(section('History')).not.toHaveTextContent('phone-link');
  });

  it('shows the guest email when there is no account, and no decision for a draft', async () => {
    mockApi({
      [DETAIL]: ok(detail('DRAFT', [], { account: null, payment: null, paidAt: null })),
    });
    await renderAdmin('/admin/applications/app-1');
    await screen.findByRole('heading', { name: 'Application #AB12CD34', level: 1 });
    expect(section('Guest')).toHaveTextContent('Emailada@example.com');
    expect(section('Payment')).toHaveTextContent('No payment recorded.');
    const decision = section('Decision');
    expect(within(decision).queryByRole('button')).not.toBeInTheDocument();
    expect(decision).toHaveTextContent('The traveller has not paid yet.');
  });

  it('says when documents were erased by the retention period, instead of links to them', async () => {
    const at = '2027-03-01T09:00:00.000Z';
    mockApi({
      [DETAIL]: ok(
        detail('APPROVED', [], {
          erasure: {
            documentsErasedAt: at,
            documentsErasedBy: 'retention',
            personalDataErasedAt: null,
          },
          history: [
            {
              id: 9,
              at,
              action: 'documents.retention_erased',
              actor: 'system',
              actorRole: 'system',
              ip: null,
              details: { documents: 2, retentionDays: 90 },
            },
          ],
        }),
      ),
      'GET /api/reference/countries': ok(countries),
    });
    await renderAdmin('/admin/applications/app-1');
    await screen.findByRole('heading', { name: 'Application #AB12CD34', level: 1 });
    const date = formatDateTime(at);
    expect(section('Personal data erased')).toHaveTextContent(
      `The documents (passport pages and photos) were erased on ${date}: the retention period after the decision had ended.`,
    );
    const traveller = section('Traveller 1: Ada Lovelace');
    expect(traveller).toHaveTextContent(`Erased on ${date} (retention period ended)`);
    expect(within(traveller).queryByRole('img')).not.toBeInTheDocument();
    expect(within(traveller).queryByRole('link')).not.toBeInTheDocument();
    expect(section('History')).toHaveTextContent(
      'Documents erased: the retention period after the decision ended',
    );
    expect(section('History')).toHaveTextContent('Kept 90 days after the decision');
  });

  it('says when the travellers’ data were erased with the account', async () => {
    const at = '2027-03-02T10:00:00.000Z';
    mockApi({
      [DETAIL]: ok(
        detail('SUBMITTED', [], {
          erasure: {
            documentsErasedAt: at,
            documentsErasedBy: 'deletion',
            personalDataErasedAt: at,
          },
        }),
      ),
      'GET /api/reference/countries': ok(countries),
    });
    await renderAdmin('/admin/applications/app-1');
    const erased = await screen.findByRole('region', { name: 'Personal data erased' });
    expect(section('Decision')).toHaveTextContent(
      'The traveller deleted their account and their data were erased: this application can no longer be decided.',
    );
    expect(within(section('Decision')).queryByRole('button')).not.toBeInTheDocument();
    expect(erased).toHaveTextContent(
      `The travellers' names, dates of birth, passport details and answers were erased on ${formatDateTime(at)}: the traveller deleted their account. The order and its payment record are kept.`,
    );
  });

  it('offers no decision on an order refunded in full, and says why', async () => {
    mockApi({
      [DETAIL]: ok(detail('REFUNDED', [])),
      'GET /api/reference/countries': ok(countries),
    });
    await renderAdmin('/admin/applications/app-1');
    await screen.findByRole('heading', { name: 'Decision' });
    expect(section('Decision')).toHaveTextContent(
      'This order was refunded in full: it can no longer be reviewed or decided.',
    );
    expect(within(section('Decision')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('starts a review with the version seen, then offers to ask for changes or submit it', async () => {
    const sent = mockApi({
      [DETAIL]: ok(detail('SUBMITTED', ['UNDER_REVIEW'])),
      [DECIDE]: ok(detail('UNDER_REVIEW', ['CHANGES_REQUESTED', 'LODGED'], { version: 4 })),
    });
    await renderAdmin('/admin/applications/app-1');
    const decision = await screen.findByRole('region', { name: 'Decision' });
    expect(
      within(decision)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Start review']);
    expect(within(decision).queryByRole('textbox')).not.toBeInTheDocument();

    await userEvent.setup().click(within(decision).getByRole('button', { name: 'Start review' }));
    const done = await within(decision).findByText('Application #AB12CD34 is now Under review.');
    await waitFor(() => expect(done).toHaveFocus());
    // Said in the panel's live region.
    expect(within(decision).getByRole('status')).toContainElement(done);
    expect(callsTo(sent, DECIDE).map((call) => call.body)).toEqual([
      { status: 'UNDER_REVIEW', version: 3 },
    ]);
    // The reply becomes the shown detail (applied to the cache just after the call resolves).
    await waitFor(() =>
      expect(
        within(decision)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Request changes', 'Submit to the Home Office']),
    );
    // Each opens its form below; neither is open yet.
    for (const name of ['Request changes', 'Submit to the Home Office'])
      expect(within(decision).getByRole('button', { name })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
    // The reply is the new detail: it is shown without loading again.
    expect(section('Order')).toHaveTextContent('StatusUnder review');
    expect(callsTo(sent, DETAIL)).toHaveLength(1);
  });

  it('says what is left to do while the traveller makes the changes asked for', async () => {
    mockApi({ [DETAIL]: ok(detail('CHANGES_REQUESTED', [])) });
    await renderAdmin('/admin/applications/app-1');
    const decision = await screen.findByRole('region', { name: 'Decision' });
    expect(decision).toHaveTextContent(
      'The traveller has been asked for changes. It can be reviewed again once they resubmit it.',
    );
    expect(within(decision).queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks to confirm a submission to the Home Office in a modal dialog; Escape and Cancel leave it as it was', async () => {
    const sent = mockApi({
      [DETAIL]: ok(detail('UNDER_REVIEW', ['CHANGES_REQUESTED', 'LODGED'])),
      [DECIDE]: ok(detail('LODGED', ['APPROVED', 'REJECTED'], { version: 4 })),
    });
    await renderAdmin('/admin/applications/app-1');
    const decision = await screen.findByRole('region', { name: 'Decision' });
    const user = userEvent.setup();
    await user.click(within(decision).getByRole('button', { name: 'Submit to the Home Office' }));
    await user.type(
      within(decision).getByRole('textbox', { name: /Home Office reference/ }),
      '1234567890123456',
    );
    const record = within(decision).getByRole('button', { name: 'Record as submitted' });

    await user.click(record);
    let dialog = await screen.findByRole('dialog', {
      name: 'Record as submitted to the Home Office?',
    });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent(
      'You are recording that the application of Ada Lovelace (order #AB12CD34) was submitted to the Home Office',
    );
    expect(dialog).toHaveTextContent('reference 1234-5678-9012-3456');
    // The focus is inside and stays there.
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(record).toHaveFocus();

    await user.click(record);
    dialog = await screen.findByRole('dialog', { name: 'Record as submitted to the Home Office?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(record).toHaveFocus();
    expect(callsTo(sent, DECIDE)).toHaveLength(0);
    expect(decision).toHaveTextContent('Current status: Under review');
  });

  it('refuses a step on an application changed meanwhile, and reloads it on request', async () => {
    const sent = mockApi({
      [DETAIL]: [
        ok(detail('SUBMITTED', ['UNDER_REVIEW'], { version: 3 })),
        ok(detail('SUBMITTED', ['UNDER_REVIEW'], { version: 5 })),
      ],
      [DECIDE]: [
        failure(409, AdminText.changedMeanwhile),
        ok(detail('UNDER_REVIEW', ['CHANGES_REQUESTED', 'LODGED'], { version: 6 })),
      ],
    });
    await renderAdmin('/admin/applications/app-1');
    const decision = await screen.findByRole('region', { name: 'Decision' });
    const user = userEvent.setup();

    await user.click(within(decision).getByRole('button', { name: 'Start review' }));
    const alert = await within(decision).findByRole('alert');
    expect(alert).toHaveTextContent(AdminText.changedMeanwhile);
    await waitFor(() => expect(alert.parentElement).toHaveFocus());

    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(within(decision).queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Decision' })).toHaveFocus();
    expect(callsTo(sent, DETAIL)).toHaveLength(2);

    await user.click(within(decision).getByRole('button', { name: 'Start review' }));
    await within(decision).findByText('Application #AB12CD34 is now Under review.');
    expect(callsTo(sent, DECIDE).map((call) => call.body)).toEqual([
      { status: 'UNDER_REVIEW', version: 3 },
      { status: 'UNDER_REVIEW', version: 5 },
    ]);
  });

  it('shows a refused step with the server text', async () => {
    mockApi({
      [DETAIL]: ok(detail('SUBMITTED', ['UNDER_REVIEW'])),
      [DECIDE]: failure(400, AdminText.transitionNotAllowed('LODGED', 'UNDER_REVIEW')),
    });
    await renderAdmin('/admin/applications/app-1');
    const decision = await screen.findByRole('region', { name: 'Decision' });
    await userEvent.setup().click(within(decision).getByRole('button', { name: 'Start review' }));
    expect(await within(decision).findByRole('alert')).toHaveTextContent(
      'An application cannot go from LODGED to UNDER_REVIEW.',
    );
    expect(within(decision).queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it('focuses the decision when opened from "Change status", and goes back to the same list', async () => {
    const listed = row({ id: 'app-1', reference: 'AB12CD34' });
    mockApi({
      'GET /api/admin/applications': ok(listOf([listed])),
      [DETAIL]: ok(detail('SUBMITTED', ['UNDER_REVIEW'])),
    });
    await renderAdmin('/admin/applications?status=SUBMITTED');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Change status of #AB12CD34' }));
    expect(currentPath()).toBe('/admin/applications/app-1#decision');
    const heading = await screen.findByRole('heading', { name: 'Decision' });
    await waitFor(() => expect(heading).toHaveFocus());

    await user.click(screen.getByRole('link', { name: 'Back to applications' }));
    expect(currentPath()).toBe('/admin/applications?status=SUBMITTED');
  });

  it('shows a failed load with Retry', async () => {
    mockApi({ [DETAIL]: [failure(500), ok(detail('SUBMITTED', ['UNDER_REVIEW']))] });
    await renderAdmin('/admin/applications/app-1');
    expect(await screen.findByText(/This application could not be loaded/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { name: 'Application #AB12CD34', level: 1 }),
    ).toBeInTheDocument();
  });
});

// Receipts
describe('application detail: receipt', () => {
  it("shows a paid order's receipt number and links to its PDF for download", async () => {
    mockApi({
      [DETAIL]: ok({
        ...detail('SUBMITTED', ['UNDER_REVIEW']),
        receipt: { number: '2026-000123', issuedAt: '2026-11-20T10:00:00.000Z' },
      }),
      'GET /api/reference/countries': ok(countries),
    });
    await renderAdmin('/admin/applications/app-1');
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('Invoice number2026-000123');
    const link = within(payment).getByRole('link', { name: 'Download invoice 2026-000123 (PDF)' });
    expect(link).toHaveAttribute('href', '/api/admin/applications/app-1/receipt');
    expect(link).toHaveAttribute('download');
  });

  it('says an unpaid order has no receipt yet, with no link', async () => {
    mockApi({
      [DETAIL]: ok({
        ...detail('DRAFT', [], { account: null, payment: null, paidAt: null }),
        receipt: null,
      }),
      'GET /api/reference/countries': ok(countries),
    });
    await renderAdmin('/admin/applications/app-1');
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(payment).toHaveTextContent('No invoice yet: it is issued when the order is paid.');
    expect(within(payment).queryByRole('link', { name: /receipt/i })).not.toBeInTheDocument();
  });
});
