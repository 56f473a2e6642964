import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminText,
  ApiMessages,
  ClientErrorText,
  type AdminApplicationDetail,
  type ApplicationNote,
  type AuditEntry,
  type StaffMember,
} from '@waypoint/contracts';
import { formatDateTime } from '../format';
import { detail, history } from '../test/fixtures';
import { adminUser, callsTo, failure, mockApi, ok, renderAdmin } from '../test/renderAdmin';

const DETAIL = 'GET /api/admin/applications/app-1';
const DECIDE = 'POST /api/admin/applications/app-1/status';
const ASSIGN = 'PUT /api/admin/applications/app-1/assignee';
const NOTES = 'POST /api/admin/applications/app-1/notes';
const STAFF = 'GET /api/admin/staff';

const SAM: StaffMember = {
  id: '5a0e0000-0000-4000-8000-000000000001',
  name: 'Sam Staff',
  email: 'sam@waypoint.test',
};
const ALEX: StaffMember = {
  id: '5a0e0000-0000-4000-8000-000000000002',
  name: 'Alex Smith',
  email: 'alex@waypoint.test',
};
const BO: StaffMember = {
  id: '5a0e0000-0000-4000-8000-000000000003',
  name: 'Bo Li',
  email: 'bo@waypoint.test',
};
const staffList = ok({ staff: [ALEX, BO, SAM], me: SAM.id });

const DUE_AT = '2026-11-22T12:00:00.000Z';

function section(name: string | RegExp) {
  return screen.getByRole('region', { name });
}

function submitted(extra: Partial<AdminApplicationDetail> = {}) {
  return detail('SUBMITTED', ['UNDER_REVIEW'], {
    due: { at: DUE_AT, state: 'due-today', hours: 24 },
    assignee: null,
    notes: [],
    ...extra,
  });
}

function note(id: string, at: string, author: string, body: string): ApplicationNote {
  return { id, at, author, body };
}

describe('application detail: who works on it and by when', () => {
  it('shows the due date with its state in words, the promise and the assignee', async () => {
    mockApi({ [DETAIL]: ok(submitted({ assignee: ALEX })), [STAFF]: staffList });
    await renderAdmin('/admin/applications/app-1');
    const work = await screen.findByRole('region', { name: 'Work' });
    expect(work).toHaveTextContent(
      `Due${formatDateTime(DUE_AT)} Due todayPromised within 24 hours`,
    );
    expect(within(work).getByText(formatDateTime(DUE_AT))).toHaveAttribute('datetime', DUE_AT);
    expect(work).toHaveTextContent('Assigned toAlex Smith');
    await waitFor(() =>
      expect(
        within(work)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Assign to me', 'Assign', 'Unassign']),
    );
    // The panel comes before the decision.
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(regions.indexOf('work-heading')).toBe(regions.indexOf('decision') - 1);
  });

  it('says when there is no due date yet, and the promise of a single hour', async () => {
    mockApi({
      [DETAIL]: [
        ok(detail('DRAFT', [], { due: null, assignee: null })),
        ok(submitted({ due: { at: DUE_AT, state: 'paused', hours: 1 } })),
      ],
      [STAFF]: staffList,
    });
    const view = await renderAdmin('/admin/applications/app-1');
    const work = await screen.findByRole('region', { name: 'Work' });
    expect(work).toHaveTextContent('DueNone until it is submitted');
    expect(work).toHaveTextContent('Assigned toUnassigned');
    view.unmount();

    await renderAdmin('/admin/applications/app-1');
    expect(await screen.findByRole('region', { name: 'Work' })).toHaveTextContent(
      `Due${formatDateTime(DUE_AT)} Waiting for the travellerPromised within 1 hour`,
    );
  });

  it('assigns to oneself, to a colleague and to nobody, without loading the application again', async () => {
    const sent = mockApi({
      [DETAIL]: ok(submitted()),
      [STAFF]: staffList,
      [ASSIGN]: [
        ok({ changed: 1, assignee: SAM }),
        ok({ changed: 1, assignee: BO }),
        ok({ changed: 1, assignee: null }),
      ],
    });
    await renderAdmin('/admin/applications/app-1');
    const work = await screen.findByRole('region', { name: 'Work' });
    // Nobody has it: nothing to unassign.
    await waitFor(() =>
      expect(
        within(work)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Assign to me', 'Assign']),
    );
    const user = userEvent.setup();

    await user.click(within(work).getByRole('button', { name: 'Assign to me' }));
    const mine = await within(work).findByText('Assigned to you.');
    await waitFor(() => expect(mine).toHaveFocus());
    expect(within(work).getByRole('status')).toContainElement(mine);
    await waitFor(() => expect(work).toHaveTextContent('Assigned toSam Staff (you)'));
    // Already one's own: no "Assign to me".
    expect(within(work).queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();

    const colleague = within(work).getByRole('combobox', { name: 'Assign to' });
    expect(
      within(colleague)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a colleague', 'Alex Smith', 'Bo Li']);
    await user.selectOptions(colleague, 'Bo Li');
    await user.click(within(work).getByRole('button', { name: 'Assign' }));
    expect(await within(work).findByText('Assigned to Bo Li.')).toBeInTheDocument();
    // The cached application takes the answer as the message shows (a tick apart at most).
    await waitFor(() => expect(work).toHaveTextContent('Assigned toBo Li'));
    expect(within(work).getByRole('button', { name: 'Assign to me' })).toBeInTheDocument();

    await user.click(within(work).getByRole('button', { name: 'Unassign' }));
    expect(await within(work).findByText('Unassigned.')).toBeInTheDocument();
    await waitFor(() => expect(work).toHaveTextContent('Assigned toUnassigned'));
    expect(within(work).queryByRole('button', { name: 'Unassign' })).not.toBeInTheDocument();

    expect(callsTo(sent, ASSIGN).map((call) => call.body)).toEqual([
      { assigneeId: SAM.id },
      { assigneeId: BO.id },
      { assigneeId: null },
    ]);
    expect(callsTo(sent, DETAIL)).toHaveLength(1);
  });

  it('asks for a colleague before assigning, and shows a refusal in words', async () => {
    const sent = mockApi({
      [DETAIL]: ok(submitted()),
      [STAFF]: staffList,
      [ASSIGN]: failure(400, ApiMessages['admin.assigneeNotStaff']),
    });
    await renderAdmin('/admin/applications/app-1');
    const work = await screen.findByRole('region', { name: 'Work' });
    const colleague = await within(work).findByRole('combobox', { name: 'Assign to' });
    const user = userEvent.setup();

    await user.click(within(work).getByRole('button', { name: 'Assign' }));
    expect(colleague).toHaveAccessibleDescription('Error: Choose the colleague to assign it to');
    expect(callsTo(sent, ASSIGN)).toHaveLength(0);

    await user.selectOptions(colleague, 'Alex Smith');
    await user.click(within(work).getByRole('button', { name: 'Assign' }));
    const alert = await within(work).findByRole('alert');
    expect(alert).toHaveTextContent('Applications can only be given to an active member of staff.');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(work).toHaveTextContent('Assigned toUnassigned');
    expect(callsTo(sent, ASSIGN).map((call) => call.body)).toEqual([{ assigneeId: ALEX.id }]);
  });
});

describe('application detail: deciding on a colleague’s application', () => {
  it('asks first when it is assigned to someone else; Cancel sends nothing, Confirm decides', async () => {
    const sent = mockApi({
      [DETAIL]: ok(submitted({ assignee: ALEX })),
      [STAFF]: staffList,
      [DECIDE]: ok(detail('UNDER_REVIEW', ['CHANGES_REQUESTED', 'LODGED'], { version: 4 })),
    });
    await renderAdmin('/admin/applications/app-1');
    const decision = await screen.findByRole('region', { name: 'Decision' });
    const start = within(decision).getByRole('button', { name: 'Start review' });
    const user = userEvent.setup();

    await user.click(start);
    let dialog = await screen.findByRole('dialog', { name: 'Assigned to someone else' });
    expect(dialog).toHaveTextContent('This application is assigned to Alex Smith. Decide anyway?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(start).toHaveFocus();
    expect(callsTo(sent, DECIDE)).toHaveLength(0);
    expect(decision).toHaveTextContent('Current status: Submitted');

    // Escape is a Cancel too.
    await user.click(start);
    await screen.findByRole('dialog', { name: 'Assigned to someone else' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(sent, DECIDE)).toHaveLength(0);

    await user.click(start);
    dialog = await screen.findByRole('dialog', { name: 'Assigned to someone else' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(decision).findByText('Application #AB12CD34 is now Under review.'),
    ).toBeInTheDocument();
    expect(callsTo(sent, DECIDE).map((call) => call.body)).toEqual([
      { status: 'UNDER_REVIEW', version: 3 },
    ]);
  });

  it.each([
    ['unassigned', null, staffList],
    ['one’s own', SAM, staffList],
    // Until the staff list answers (or when it cannot), the signed-in account is the member of staff.
    [
      'one’s own, without the staff list',
      { id: adminUser.id, name: 'Sam Staff', email: adminUser.email },
      failure(500),
    ],
  ])('decides at once on an application %s', async (_case, assignee, staffReply) => {
    const sent = mockApi({
      [DETAIL]: ok(submitted({ assignee })),
      [STAFF]: staffReply,
      [DECIDE]: ok(detail('UNDER_REVIEW', ['CHANGES_REQUESTED', 'LODGED'], { version: 4 })),
    });
    await renderAdmin('/admin/applications/app-1');
    const decision = await screen.findByRole('region', { name: 'Decision' });
    await waitFor(() => expect(callsTo(sent, STAFF)).toHaveLength(1));
    await userEvent.setup().click(within(decision).getByRole('button', { name: 'Start review' }));
    expect(
      await within(decision).findByText('Application #AB12CD34 is now Under review.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(sent, DECIDE)).toHaveLength(1);
  });

  it('asks after the confirmation of a submission to the Home Office too', async () => {
    const sent = mockApi({
      [DETAIL]: ok(
        detail('UNDER_REVIEW', ['CHANGES_REQUESTED', 'LODGED'], { assignee: BO, notes: [] }),
      ),
      [STAFF]: staffList,
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
    await user.click(within(dialog).getByRole('button', { name: 'Record as submitted' }));
    dialog = await screen.findByRole('dialog', { name: 'Assigned to someone else' });
    expect(dialog).toHaveTextContent('This application is assigned to Bo Li.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(sent, DECIDE)).toHaveLength(0);

    await user.click(record);
    dialog = await screen.findByRole('dialog', { name: 'Record as submitted to the Home Office?' });
    await user.click(within(dialog).getByRole('button', { name: 'Record as submitted' }));
    dialog = await screen.findByRole('dialog', { name: 'Assigned to someone else' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(decision).findByText('Recorded as submitted to the Home Office.'),
    ).toBeInTheDocument();
    expect(callsTo(sent, DECIDE).map((call) => call.body)).toEqual([
      expect.objectContaining({ status: 'LODGED', homeOfficeReference: '1234567890123456' }),
    ]);
  });
});

describe('application detail: internal notes', () => {
  const first = note('n1', '2026-11-21T13:00:00.000Z', 'Alex Smith', 'Photo looks fine.');
  const second = note(
    'n2',
    '2026-11-22T08:15:00.000Z',
    'Bo Li',
    'Called the traveller:\nthey will send a new passport page.',
  );

  it('lists the notes oldest first, adds one, clears the box and shows it last', async () => {
    const noteHistory: AuditEntry[] = [
      ...history,
      {
        id: 3,
        at: second.at,
        action: 'application.note_added',
        actor: 'bo@waypoint.test',
        actorRole: 'admin',
        ip: null,
        details: { noteId: 'n2', body: second.body },
      },
      {
        id: 4,
        at: second.at,
        action: 'application.assigned',
        actor: 'bo@waypoint.test',
        actorRole: 'admin',
        ip: null,
        details: { from: ALEX.id, fromName: 'Alex Smith', to: BO.id, toName: 'Bo Li' },
      },
    ];
    const added = note('n3', '2026-11-23T10:00:00.000Z', 'Sam Staff', 'Waiting for the new page.');
    const sent = mockApi({
      [DETAIL]: ok(submitted({ notes: [first, second], history: noteHistory })),
      [STAFF]: staffList,
      [NOTES]: ok({ notes: [first, second, added] }),
    });
    await renderAdmin('/admin/applications/app-1');
    const notes = await screen.findByRole('region', { name: 'Internal notes' });
    const items = () => within(notes).getAllByRole('listitem');
    expect(items()).toHaveLength(2);
    expect(items()[0]).toHaveTextContent(
      `Alex Smith · ${formatDateTime(first.at)}Photo looks fine.`,
    );
    expect(items()[1]).toHaveTextContent(`Bo Li · ${formatDateTime(second.at)}`);
    expect(within(items()[1]!).getByText(/^Called the traveller:/).textContent).toBe(second.body);

    // The history words both new entries, the note's text included.
    const logged = within(section('History')).getAllByRole('listitem');
    expect(logged[2]).toHaveTextContent('Internal note by bo@waypoint.test');
    expect(logged[2]).toHaveTextContent('they will send a new passport page.');
    expect(logged[3]).toHaveTextContent('Assigned to Bo Li by bo@waypoint.test');
    expect(logged[3]).toHaveTextContent('Before: Alex Smith');

    const box = within(notes).getByRole('textbox', { name: 'Add an internal note' });
    expect(box).toHaveAccessibleDescription(
      'Only staff see notes. They are included if the traveller asks for a copy of their data.',
    );
    const user = userEvent.setup();
    await user.type(box, '  Waiting for the new page.  ');
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByText('Note added.')).toBeInTheDocument();
    expect(callsTo(sent, NOTES).map((call) => call.body)).toEqual([
      { body: 'Waiting for the new page.' },
    ]);
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(items()[2]).toHaveTextContent(
      `Sam Staff · ${formatDateTime(added.at)}Waiting for the new page.`,
    );
    expect(box).toHaveValue('');
    expect(callsTo(sent, DETAIL)).toHaveLength(1);
  });

  it('refuses an empty note or one over 2,000 characters with the API’s words, linked to the box', async () => {
    const sent = mockApi({
      [DETAIL]: ok(submitted()),
      [STAFF]: staffList,
      [NOTES]: [
        failure(400, 'Bad request', { fieldErrors: { body: AdminText.noteTooLong } }),
        failure(500),
      ],
    });
    await renderAdmin('/admin/applications/app-1');
    const notes = await screen.findByRole('region', { name: 'Internal notes' });
    expect(notes).toHaveTextContent('No notes yet.');
    const box = within(notes).getByRole('textbox', { name: 'Add an internal note' });
    const add = within(notes).getByRole('button', { name: 'Add note' });
    const user = userEvent.setup();

    await user.type(box, '   ');
    await user.click(add);
    const summary = await within(notes).findByRole('alert');
    expect(summary).toHaveTextContent(AdminText.noteRequired);
    expect(within(summary).getByRole('link', { name: AdminText.noteRequired })).toHaveAttribute(
      'href',
      '#note-body',
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(
      `Only staff see notes. They are included if the traveller asks for a copy of their data. Error: ${AdminText.noteRequired}`,
    );

    fireEvent.change(box, { target: { value: 'x'.repeat(2001) } });
    await user.click(add);
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription(expect.stringContaining(AdminText.noteTooLong)),
    );
    expect(callsTo(sent, NOTES)).toHaveLength(0);

    // 2,000 characters once trimmed are fine; the server's own refusal is shown at the box.
    fireEvent.change(box, { target: { value: ` ${'x'.repeat(2000)} ` } });
    expect(box).not.toHaveAttribute('aria-invalid');
    await user.click(add);
    await waitFor(() => expect(callsTo(sent, NOTES)).toHaveLength(1));
    await waitFor(() =>
      expect(box).toHaveAccessibleDescription(expect.stringContaining(AdminText.noteTooLong)),
    );
    expect(callsTo(sent, NOTES)[0]!.body).toEqual({ body: 'x'.repeat(2000) });

    // Any other failure, in words; what was typed stays.
    fireEvent.change(box, { target: { value: 'Short note.' } });
    await user.click(add);
    await waitFor(() =>
      expect(within(notes).getByRole('alert')).toHaveTextContent(ClientErrorText.requestFailed),
    );
    expect(box).toHaveValue('Short note.');
    expect(callsTo(sent, NOTES)).toHaveLength(2);
  });

  it('offers no form once the traveller’s data were erased', async () => {
    mockApi({
      [DETAIL]: ok(
        submitted({
          notes: [first],
          erasure: {
            documentsErasedAt: '2027-01-01T00:00:00.000Z',
            documentsErasedBy: 'deletion',
            personalDataErasedAt: '2027-01-01T00:00:00.000Z',
          },
        }),
      ),
      [STAFF]: staffList,
    });
    await renderAdmin('/admin/applications/app-1');
    const notes = await screen.findByRole('region', { name: 'Internal notes' });
    expect(notes).toHaveTextContent(
      "No more notes can be added: the traveller's data were erased.",
    );
    expect(within(notes).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(notes).getAllByRole('listitem')).toHaveLength(1);
  });
});
