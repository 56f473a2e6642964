import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminText, ApiMessages, todayIso } from '@waypoint/contracts';
import { decisionDocument, detail, twoTravellers } from '../test/fixtures';
import { callsTo, failure, mockApi, ok, renderAdmin } from '../test/renderAdmin';
import { mockUploads } from '../test/uploads';

const DETAIL = 'GET /api/admin/applications/app-1';
const DECIDE = 'POST /api/admin/applications/app-1/status';
const UPLOAD_URL = '/api/admin/applications/app-1/decision-documents';

const decisionPanel = () => screen.getByRole('region', { name: 'Decision' });
const group = (name: string | RegExp) => within(decisionPanel()).getByRole('group', { name });

/** A 400 with field errors, as the API refuses a step. */
const fieldFailure = (fieldErrors: Record<string, string>) =>
  failure(400, 'Please correct the highlighted fields', { fieldErrors });

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

type User = ReturnType<typeof userEvent.setup>;
const REFUSAL_REASON = 'The purpose of the visit was not shown.';

/** The decision form of a lodged application of two travellers, with Refused chosen and its reason typed. */
async function refusalForm(user: User) {
  await renderAdmin('/admin/applications/app-1');
  const form = await within(await screen.findByRole('region', { name: 'Decision' })).findByRole(
    'form',
    { name: "Record the government's decision" },
  );
  await user.click(within(form).getByLabelText('Refused'));
  await user.type(
    within(form).getByRole('textbox', { name: /Reason the government gave/ }),
    REFUSAL_REASON,
  );
  return form;
}

/** Confirms the refusal the dialog asks about; what the API was sent to record decisions. */
async function confirmRefusal(user: User, sent: ReturnType<typeof mockApi>) {
  const dialog = await screen.findByRole('dialog', { name: 'Record the refusal?' });
  expect(dialog).toHaveTextContent(REFUSAL_REASON);
  await user.click(within(dialog).getByRole('button', { name: 'Record the refusal' }));
  await within(decisionPanel()).findByText('Decision recorded: refused.');
  return callsTo(sent, DECIDE).map((call) => call.body);
}

let uploads: ReturnType<typeof mockUploads> | null = null;
afterEach(() => {
  uploads?.restore();
  uploads = null;
});

describe('asking the traveller for changes', () => {
  it('sends exactly the ticked sections and documents, each with its message', async () => {
    const sent = mockApi({
      [DETAIL]: ok(twoTravellers('UNDER_REVIEW', ['CHANGES_REQUESTED', 'LODGED'])),
      [DECIDE]: ok(twoTravellers('CHANGES_REQUESTED', [], { version: 4 })),
    });
    await renderAdmin('/admin/applications/app-1');
    const user = userEvent.setup();
    const open = await within(await screen.findByRole('region', { name: 'Decision' })).findByRole(
      'button',
      { name: 'Request changes' },
    );
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const form = within(decisionPanel()).getByRole('form', { name: 'Request changes' });
    expect(within(form).getByRole('heading', { name: 'Request changes' })).toHaveFocus();

    // The order's general information, then each traveller's sections and documents by name.
    expect(
      within(group('The whole order'))
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('id')),
    ).toEqual(['change-order-general-info']);
    const sections = [
      'Passport page',
      "Applicant's photo",
      'Personal information',
      'Passport information',
      'Work',
      'Declaration',
    ];
    for (const name of ['Traveller 1: Ada Lovelace', 'Traveller 2: Charles Babbage'])
      expect(
        within(group(name))
          .getAllByRole('checkbox')
          .map((box) => ((box as HTMLInputElement).labels?.[0]?.textContent ?? '').trim()),
      ).toEqual(sections);
    // No message is asked for until its section is ticked.
    expect(within(form).queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(within(group('The whole order')).getByLabelText('General information'));
    await user.type(
      within(form).getByRole('textbox', {
        name: 'Tell the traveller what to change (General information)',
      }),
      'The phone number is missing a digit.',
    );
    await user.click(
      within(group('Traveller 1: Ada Lovelace')).getByLabelText("Applicant's photo"),
    );
    const photoMessage = within(form).getByRole('textbox', {
      name: "Tell the traveller what to change (Ada Lovelace: Applicant's photo)",
    });
    expect(photoMessage).toHaveAccessibleDescription(
      /For example: The photo is too dark: retake it in daylight against a plain wall\./,
    );
    await user.type(
      photoMessage,
      '  The photo is too dark: retake it in daylight against a plain wall. ',
    );
    await user.click(within(group('Traveller 2: Charles Babbage')).getByLabelText('Work'));
    await user.type(
      within(form).getByRole('textbox', {
        name: 'Tell the traveller what to change (Charles Babbage: Work)',
      }),
      'Please give your current job title.',
    );
    // Ticked, then unticked: not sent.
    const declaration = within(group('Traveller 2: Charles Babbage')).getByLabelText('Declaration');
    await user.click(declaration);
    await user.click(declaration);

    await user.click(within(form).getByRole('button', { name: 'Ask for these changes' }));
    const done = await within(decisionPanel()).findByText('Changes requested from the traveller.');
    await waitFor(() => expect(done).toHaveFocus());
    expect(callsTo(sent, DECIDE).map((call) => call.body)).toEqual([
      {
        status: 'CHANGES_REQUESTED',
        version: 3,
        changes: [
          {
            travelerId: null,
            section: 'general-info',
            message: 'The phone number is missing a digit.',
          },
          {
            travelerId: 'trav-1',
            section: 'applicants-photo',
            message: 'The photo is too dark: retake it in daylight against a plain wall.',
          },
          {
            travelerId: 'trav-2',
            section: 'work',
            message: 'Please give your current job title.',
          },
        ],
      },
    ]);
    // The application now waits for the traveller: nothing more to do here.
    await waitFor(() =>
      expect(within(decisionPanel()).queryByRole('form')).not.toBeInTheDocument(),
    );
  });

  it('refuses a ticked item without a message, or nothing ticked, and shows the server’s field errors', async () => {
    const sent = mockApi({
      [DETAIL]: ok(detail('UNDER_REVIEW', ['CHANGES_REQUESTED', 'LODGED'])),
      [DECIDE]: fieldFailure({ 'changes.0.message': ApiMessages['casework.messageRequired'] }),
    });
    await renderAdmin('/admin/applications/app-1');
    const user = userEvent.setup();
    await user.click(
      await within(await screen.findByRole('region', { name: 'Decision' })).findByRole('button', {
        name: 'Request changes',
      }),
    );
    const form = within(decisionPanel()).getByRole('form', { name: 'Request changes' });
    const submit = within(form).getByRole('button', { name: 'Ask for these changes' });

    // Nothing ticked.
    await user.click(submit);
    let summary = await within(form).findByRole('alert');
    expect(summary).toHaveFocus();
    expect(
      within(summary).getByRole('link', { name: ApiMessages['casework.changesRequired'] }),
    ).toHaveAttribute('href', '#change-order-general-info');

    // Ticked without a message: the summary names the traveller and the section, and links to the message.
    await user.click(
      within(group('Traveller 1: Ada Lovelace')).getByLabelText("Applicant's photo"),
    );
    await user.click(submit);
    summary = await within(form).findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    const link = within(summary).getByRole('link', {
      name: `Ada Lovelace: Applicant's photo – ${ApiMessages['casework.messageRequired']}`,
    });
    expect(link).toHaveAttribute('href', '#change-1-applicants-photo-message');
    expect(within(summary).getAllByRole('link')).toHaveLength(1);
    const message = within(form).getByRole('textbox', {
      name: /Tell the traveller what to change/,
    });
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAccessibleDescription(
      new RegExp(ApiMessages['casework.messageRequired']),
    );
    await user.click(link);
    expect(message).toHaveFocus();
    // Spaces alone are no message.
    await user.type(message, '   ');
    await user.click(submit);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      ApiMessages['casework.messageRequired'],
    );
    expect(callsTo(sent, DECIDE)).toHaveLength(0);

    // A message the server refuses is shown at its field, by its place in the list sent.
    await user.type(message, 'Retake it.');
    await user.click(submit);
    await waitFor(() => expect(callsTo(sent, DECIDE)).toHaveLength(1));
    summary = await within(form).findByRole('alert');
    expect(
      within(summary).getByRole('link', {
        name: `Ada Lovelace: Applicant's photo – ${ApiMessages['casework.messageRequired']}`,
      }),
    ).toHaveAttribute('href', '#change-1-applicants-photo-message');
    expect(message).toHaveAttribute('aria-invalid', 'true');
  });

  it('closes the form on Cancel and gives the focus back to its button', async () => {
    mockApi({ [DETAIL]: ok(detail('UNDER_REVIEW', ['CHANGES_REQUESTED', 'LODGED'])) });
    await renderAdmin('/admin/applications/app-1');
    const user = userEvent.setup();
    const open = await within(await screen.findByRole('region', { name: 'Decision' })).findByRole(
      'button',
      { name: 'Request changes' },
    );
    await user.click(open);
    await user.click(within(decisionPanel()).getByRole('button', { name: 'Cancel' }));
    expect(within(decisionPanel()).queryByRole('form')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    expect(open).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('submitting to the Home Office', () => {
  async function openLodging() {
    const user = userEvent.setup();
    await user.click(
      await within(await screen.findByRole('region', { name: 'Decision' })).findByRole('button', {
        name: 'Submit to the Home Office',
      }),
    );
    const form = within(decisionPanel()).getByRole('form', { name: 'Submit to the Home Office' });
    return { user, form };
  }

  it("checks an ETA's 16-digit reference and sends it without spaces or hyphens", async () => {
    const sent = mockApi({
      [DETAIL]: ok(detail('UNDER_REVIEW', ['CHANGES_REQUESTED', 'LODGED'])),
      [DECIDE]: ok(detail('LODGED', ['APPROVED', 'REJECTED'], { version: 4 })),
    });
    await renderAdmin('/admin/applications/app-1');
    const { user, form } = await openLodging();
    expect(within(form).getByRole('heading', { name: 'Submit to the Home Office' })).toHaveFocus();
    const reference = within(form).getByRole('textbox', { name: /Home Office reference/ });
    expect(reference).toHaveAccessibleDescription(
      'The 16-digit reference of the ETA application, for example 1234-5678-9012-3456.',
    );
    const date = within(form).getByLabelText(/Date it was submitted/);
    // Today unless told otherwise, and never later.
    expect(date).toHaveValue(todayIso());
    expect(date).toHaveAttribute('max', todayIso());
    const submit = within(form).getByRole('button', { name: 'Record as submitted' });

    await user.click(submit);
    let summary = await within(form).findByRole('alert');
    expect(summary).toHaveFocus();
    expect(
      within(summary).getByRole('link', { name: ApiMessages['casework.referenceRequired'] }),
    ).toHaveAttribute('href', '#lodge-reference');

    // A visa's reference is not an ETA's.
    await user.type(reference, 'GWF012345678');
    await user.click(submit);
    summary = await within(form).findByRole('alert');
    expect(summary).toHaveTextContent(ApiMessages['casework.etaReference']);
    expect(reference).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(sent, DECIDE)).toHaveLength(0);

    await user.clear(reference);
    await user.type(reference, '1234 5678-9012 3456');
    fireEvent.change(date, { target: { value: '2026-11-25' } });
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', {
      name: 'Record as submitted to the Home Office?',
    });
    expect(dialog).toHaveTextContent(
      'You are recording that the application of Ada Lovelace (order #AB12CD34) was submitted to the Home Office on 25 Nov 2026, reference 1234-5678-9012-3456.',
    );
    expect(dialog).toHaveTextContent('the order can no longer be refunded in full');
    await user.click(within(dialog).getByRole('button', { name: 'Record as submitted' }));

    const done = await within(decisionPanel()).findByText(
      'Recorded as submitted to the Home Office.',
    );
    await waitFor(() => expect(done).toHaveFocus());
    expect(callsTo(sent, DECIDE).map((call) => call.body)).toEqual([
      {
        status: 'LODGED',
        version: 3,
        homeOfficeReference: '1234567890123456',
        lodgedOn: '2026-11-25',
      },
    ]);
    // Lodged: the government's decision is what is left to record.
    expect(
      await within(decisionPanel()).findByRole('form', {
        name: "Record the government's decision",
      }),
    ).toBeInTheDocument();
  });

  it("checks a visa's GWF reference and the date, and shows the server's field errors", async () => {
    const visa = detail('UNDER_REVIEW', ['CHANGES_REQUESTED', 'LODGED']);
    visa.application.productKind = 'VISA';
    const sent = mockApi({
      [DETAIL]: ok(visa),
      [DECIDE]: [
        fieldFailure({ lodgedOn: ApiMessages['casework.lodgedOnBeforePaid'] }),
        ok(detail('LODGED', ['APPROVED', 'REJECTED'], { version: 4 })),
      ],
    });
    await renderAdmin('/admin/applications/app-1');
    const { user, form } = await openLodging();
    const reference = within(form).getByRole('textbox', { name: /Home Office reference/ });
    expect(reference).toHaveAccessibleDescription(
      'The GWF reference of the visa application: GWF and 9 digits, for example GWF012345678.',
    );
    const date = within(form).getByLabelText(/Date it was submitted/);
    const submit = within(form).getByRole('button', { name: 'Record as submitted' });

    // An ETA's reference is not a visa's; a day in the future is refused too.
    await user.type(reference, '1234-5678-9012-3456');
    fireEvent.change(date, { target: { value: '2999-01-01' } });
    await user.click(submit);
    const summary = await within(form).findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      [ApiMessages['casework.visaReference'], '#lodge-reference'],
      [ApiMessages['casework.lodgedOnFuture'], '#lodge-date'],
    ]);
    expect(date).toHaveAttribute('aria-invalid', 'true');

    await user.clear(reference);
    await user.type(reference, ' gwf 012345678 ');
    fireEvent.change(date, { target: { value: '2026-11-19' } });
    await user.click(submit);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Record as submitted',
      }),
    );
    // The server's word on the date is shown at the date.
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      ApiMessages['casework.lodgedOnBeforePaid'],
    );
    expect(date).toHaveAccessibleDescription(
      new RegExp(ApiMessages['casework.lodgedOnBeforePaid']),
    );

    fireEvent.change(date, { target: { value: '2026-11-21' } });
    await user.click(submit);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Record as submitted',
      }),
    );
    await within(decisionPanel()).findByText('Recorded as submitted to the Home Office.');
    expect(callsTo(sent, DECIDE).map((call) => call.body)).toEqual([
      { status: 'LODGED', version: 3, homeOfficeReference: 'GWF012345678', lodgedOn: '2026-11-19' },
      { status: 'LODGED', version: 3, homeOfficeReference: 'GWF012345678', lodgedOn: '2026-11-21' },
    ]);
  });
});

describe("recording the government's decision", () => {
  const firstDocument = decisionDocument();
  const secondDocument = decisionDocument({
    id: '7d8e9f00-0000-4000-8000-000000000002',
    filename: 'babbage.pdf',
    url: '/api/admin/applications/app-1/decision-documents/7d8e9f00-0000-4000-8000-000000000002',
  });

  it('uploads each decision document and sends one grant per traveller', async () => {
    const sent = mockApi({
      [DETAIL]: ok(twoTravellers('LODGED', ['APPROVED', 'REJECTED'])),
      [DECIDE]: ok(twoTravellers('APPROVED', [], { version: 4 })),
    });
    uploads = mockUploads(
      [ok({ document: firstDocument }), ok({ document: secondDocument })],
      true,
    );
    await renderAdmin('/admin/applications/app-1');
    const user = userEvent.setup();
    const form = await within(await screen.findByRole('region', { name: 'Decision' })).findByRole(
      'form',
      { name: "Record the government's decision" },
    );
    await user.click(within(form).getByLabelText('Approved'));

    const ada = within(group('Traveller 1: Ada Lovelace'));
    const charles = within(group('Traveller 2: Charles Babbage'));
    // The passport endings are filled in from the passport numbers.
    expect(
      ada.getByRole('textbox', { name: /Last four characters of the passport number/ }),
    ).toHaveValue('2345');
    expect(
      charles.getByRole('textbox', { name: /Last four characters of the passport number/ }),
    ).toHaveValue('321X');

    // Nothing filled in: every problem of every traveller, by name.
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    const summary = await within(form).findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getAllByRole('link')).toHaveLength(8);
    expect(
      within(summary).getByRole('link', {
        name: `Charles Babbage – ${ApiMessages['casework.documentRequired']}`,
      }),
    ).toHaveAttribute('href', '#grant-1-document');
    expect(
      within(summary).getByRole('link', {
        name: `Ada Lovelace – ${ApiMessages['casework.grantReference']}`,
      }),
    ).toHaveAttribute('href', '#grant-0-reference');

    await user.type(
      ada.getByRole('textbox', { name: /Reference on the decision/ }),
      'eta-1234-5678',
    );
    fireEvent.change(ada.getByLabelText(/Valid from/), { target: { value: '2026-12-01' } });
    fireEvent.change(ada.getByLabelText(/Valid until/), { target: { value: '2028-12-01' } });
    await user.upload(ada.getByLabelText(/Decision document/), pdf('ada.pdf'));
    // The upload is under way, then done.
    expect(ada.getByText('Uploading ada.pdf… 40%')).toBeInTheDocument();
    await act(async () => uploads?.release());
    expect(
      await ada.findByRole('link', { name: 'eta-decision.pdf (opens a new tab)' }),
    ).toHaveAttribute('href', firstDocument.url);
    expect(ada.getByText(/Uploaded:/)).toBeInTheDocument();

    await user.type(
      charles.getByRole('textbox', { name: /Reference on the decision/ }),
      'ETA-8765-4321',
    );
    fireEvent.change(charles.getByLabelText(/Valid from/), { target: { value: '2026-12-01' } });
    fireEvent.change(charles.getByLabelText(/Valid until/), { target: { value: '2028-06-30' } });
    await user.upload(charles.getByLabelText(/Decision document/), pdf('charles.pdf'));
    await act(async () => uploads?.release());
    await charles.findByRole('link', { name: 'babbage.pdf (opens a new tab)' });

    // Each document went to the decision documents of its traveller: the traveller first, then the file.
    expect(
      uploads.sent.map(({ url, fields, travelerId, file }) => [
        url,
        fields,
        travelerId,
        file?.name,
      ]),
    ).toEqual([
      [UPLOAD_URL, ['travelerId', 'file'], 'trav-1', 'ada.pdf'],
      [UPLOAD_URL, ['travelerId', 'file'], 'trav-2', 'charles.pdf'],
    ]);

    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record the approval?' });
    expect(dialog).toHaveTextContent(
      'You are recording that the Home Office approved the application of Ada Lovelace (order #AB12CD34).',
    );
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Ada Lovelace: ETA-1234-5678, valid from 1 Dec 2026 until 1 Dec 2028',
      'Charles Babbage: ETA-8765-4321, valid from 1 Dec 2026 until 30 Jun 2028',
    ]);
    expect(callsTo(sent, DECIDE)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Record the approval' }));

    const done = await within(decisionPanel()).findByText('Decision recorded: approved.');
    await waitFor(() => expect(done).toHaveFocus());
    expect(callsTo(sent, DECIDE).map((call) => call.body)).toEqual([
      {
        status: 'APPROVED',
        version: 3,
        grants: [
          {
            travelerId: 'trav-1',
            reference: 'ETA-1234-5678',
            validFrom: '2026-12-01',
            validUntil: '2028-12-01',
            passportLast4: '2345',
            documentId: firstDocument.id,
          },
          {
            travelerId: 'trav-2',
            reference: 'ETA-8765-4321',
            validFrom: '2026-12-01',
            validUntil: '2028-06-30',
            passportLast4: '321X',
            documentId: secondDocument.id,
          },
        ],
      },
    ]);
  });

  it('checks the validity and the passport ending, and removes or refuses a document', async () => {
    const sent = mockApi({
      [DETAIL]: ok(detail('LODGED', ['APPROVED', 'REJECTED'])),
      [DECIDE]: fieldFailure({
        'grants.0.passportLast4': ApiMessages['casework.passportEndingMismatch'],
      }),
    });
    uploads = mockUploads([
      failure(400, ApiMessages['casework.decisionDocumentOnly']),
      ok({ document: firstDocument }),
    ]);
    await renderAdmin('/admin/applications/app-1');
    const user = userEvent.setup();
    const form = await within(await screen.findByRole('region', { name: 'Decision' })).findByRole(
      'form',
      { name: "Record the government's decision" },
    );
    await user.click(within(form).getByLabelText('Approved'));
    const traveller = within(group('Traveller 1: Ada Lovelace'));
    const file = traveller.getByLabelText(/Decision document/);
    expect(file).toHaveAttribute('accept', 'application/pdf,image/jpeg,image/png');
    expect(file).toHaveAccessibleDescription('PDF, JPEG or PNG, up to 10 MB.');

    // A file the server refuses: its words at the field.
    await user.upload(file, pdf('letter.pdf'));
    expect(
      await traveller.findByText(ApiMessages['casework.decisionDocumentOnly']),
    ).toBeInTheDocument();
    expect(file).toHaveAttribute('aria-invalid', 'true');
    // Too large: refused before it is sent.
    const large = pdf('large.pdf');
    Object.defineProperty(large, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(file, large);
    expect(await traveller.findByText('The file is larger than 10 MB')).toBeInTheDocument();
    expect(uploads.sent).toHaveLength(1);

    await user.upload(file, pdf('decision.pdf'));
    await traveller.findByRole('link', { name: 'eta-decision.pdf (opens a new tab)' });
    // Removed: the file input is back, with the focus.
    await user.click(
      traveller.getByRole('button', { name: 'Remove the document of Ada Lovelace' }),
    );
    expect(traveller.queryByRole('link', { name: /eta-decision/ })).not.toBeInTheDocument();
    await waitFor(() => expect(traveller.getByLabelText(/Decision document/)).toHaveFocus());
    await user.upload(traveller.getByLabelText(/Decision document/), pdf('decision.pdf'));
    await traveller.findByRole('button', { name: 'Replace the document of Ada Lovelace' });

    await user.type(
      traveller.getByRole('textbox', { name: /Reference on the decision/ }),
      'ETA-1234-5678',
    );
    fireEvent.change(traveller.getByLabelText(/Valid from/), { target: { value: '2028-12-01' } });
    fireEvent.change(traveller.getByLabelText(/Valid until/), { target: { value: '2026-12-01' } });
    const last4 = traveller.getByRole('textbox', { name: /Last four characters/ });
    await user.clear(last4);
    await user.type(last4, '9999');
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    const summary = await within(form).findByRole('alert');
    // One traveller: the messages alone.
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      [ApiMessages['casework.validUntilOrder'], '#grant-0-validUntil'],
      [ApiMessages['casework.passportEndingMismatch'], '#grant-0-passportLast4'],
    ]);
    expect(callsTo(sent, DECIDE)).toHaveLength(0);

    fireEvent.change(traveller.getByLabelText(/Valid until/), { target: { value: '2030-12-01' } });
    await user.clear(last4);
    await user.type(last4, '2345');
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Record the approval',
      }),
    );
    // The server's field error is shown at the traveller's field.
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      ApiMessages['casework.passportEndingMismatch'],
    );
    expect(last4).toHaveAttribute('aria-invalid', 'true');
  });

  it('records a refusal with its reason and, if any, the letter for the lead traveller', async () => {
    const sent = mockApi({
      [DETAIL]: ok(twoTravellers('LODGED', ['APPROVED', 'REJECTED'])),
      [DECIDE]: ok(twoTravellers('REJECTED', [], { version: 4 })),
    });
    uploads = mockUploads([ok({ document: firstDocument })]);
    await renderAdmin('/admin/applications/app-1');
    const user = userEvent.setup();
    const form = await within(await screen.findByRole('region', { name: 'Decision' })).findByRole(
      'form',
      { name: "Record the government's decision" },
    );

    // No decision chosen.
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    expect(
      within(await within(form).findByRole('alert')).getByRole('link', {
        name: "Choose the Home Office's decision",
      }),
    ).toHaveAttribute('href', '#outcome-kind');

    await user.click(within(form).getByLabelText('Refused'));
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    const reason = within(form).getByRole('textbox', { name: /Reason the government gave/ });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      AdminText.rejectReasonRequired,
    );
    expect(reason).toHaveAttribute('aria-invalid', 'true');

    await user.type(reason, REFUSAL_REASON);
    await user.upload(within(form).getByLabelText(/Refusal letter/), pdf('refusal.pdf'));
    await within(form).findByRole('link', { name: /eta-decision\.pdf/ });
    expect(uploads.sent.map((upload) => upload.travelerId)).toEqual(['trav-1']);
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    expect(await confirmRefusal(user, sent)).toEqual([
      { status: 'REJECTED', version: 3, reason: REFUSAL_REASON, documentId: firstDocument.id },
    ]);
  });

  it('waits for a document still uploading when the decision is recorded, then asks to confirm it with it', async () => {
    const sent = mockApi({
      [DETAIL]: ok(twoTravellers('LODGED', ['APPROVED', 'REJECTED'])),
      [DECIDE]: ok(twoTravellers('REJECTED', [], { version: 4 })),
    });
    uploads = mockUploads([ok({ document: firstDocument })], true);
    const user = userEvent.setup();
    const form = await refusalForm(user);
    await user.upload(within(form).getByLabelText(/Refusal letter/), pdf('refusal.pdf'));
    expect(within(form).getByText('Uploading refusal.pdf… 40%')).toBeInTheDocument();

    // Pressed during the upload: the button says it waits, with no error and no question yet.
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    expect(
      within(form).getByRole('button', { name: 'Waiting for the upload to finish…' }),
    ).toHaveAttribute('aria-busy', 'true');
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    // Once the letter is stored, the refusal is put to the member of staff with it.
    await act(async () => uploads?.release());
    expect(await confirmRefusal(user, sent)).toEqual([
      { status: 'REJECTED', version: 3, reason: REFUSAL_REASON, documentId: firstDocument.id },
    ]);
  });

  it('stops waiting when the document it waited for fails to upload, and sends nothing', async () => {
    const sent = mockApi({ [DETAIL]: ok(twoTravellers('LODGED', ['APPROVED', 'REJECTED'])) });
    uploads = mockUploads([failure(422, 'This file could not be read as a PDF.')], true);
    const user = userEvent.setup();
    const form = await refusalForm(user);
    await user.upload(within(form).getByLabelText(/Refusal letter/), pdf('refusal.pdf'));
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    await act(async () => uploads?.release());

    expect(await within(form).findByText('This file could not be read as a PDF.')).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Record the decision' })).not.toHaveAttribute(
      'aria-busy',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(sent, DECIDE)).toHaveLength(0);
  });
});
