import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ApiMessages,
  AuthText,
  type StaffAccount,
  type StaffAccountsResponse,
  type StaffInvitation,
} from '@waypoint/contracts';
import { activateLocale } from '@waypoint/ui';
import { renderRemote } from '../../../libs/platform/test/remote-testing';
import { mounts } from '../routes';
import { dashboard, detail } from '../test/fixtures';
import { adminUser, callsTo, failure, mockApi, ok, renderAdmin } from '../test/renderAdmin';

const ACCOUNTS = 'GET /api/admin/staff/accounts';
const INVITE = 'POST /api/admin/staff/invitations';

const me: StaffAccount = {
  id: adminUser.id,
  name: 'Sam Staff',
  email: 'staff@waypoint.test',
  role: 'admin',
  active: true,
  secondFactorSet: true,
  createdAt: '2026-01-10T09:00:00.000Z',
};
const casey: StaffAccount = {
  id: 'staff-2',
  name: 'Casey Worker',
  email: 'casey@waypoint.test',
  role: 'caseworker',
  active: true,
  secondFactorSet: false,
  createdAt: '2026-03-02T09:00:00.000Z',
};
const gone: StaffAccount = {
  id: 'staff-3',
  name: 'Dana Former',
  email: 'dana@waypoint.test',
  role: 'caseworker',
  active: false,
  secondFactorSet: true,
  createdAt: '2025-11-20T09:00:00.000Z',
};
const invitation: StaffInvitation = {
  id: 'inv-1',
  email: 'new@example.com',
  role: 'admin',
  invitedBy: 'Sam Staff',
  createdAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2026-11-22T09:00:00.000Z',
};

function listOf(
  accounts: StaffAccount[] = [me, casey, gone],
  invitations: StaffInvitation[] = [invitation],
): ReturnType<typeof ok> {
  const data: StaffAccountsResponse = { accounts, invitations, me: adminUser.id };
  return ok(data);
}

const caseworker = { ...adminUser, id: 'staff-2', role: 'caseworker' as const };

function renderAsCaseworker(path: string) {
  return renderRemote({ mounts }, path, { user: caseworker });
}

function table(name: string) {
  return screen.getByRole('table', { name });
}

function rowOf(name: string, tableName = 'Staff accounts') {
  const row = within(table(tableName)).getByRole('rowheader', { name: new RegExp(name) });
  return row.closest('tr') as HTMLElement;
}

async function openPage() {
  await renderAdmin('/admin/staff');
  await screen.findByRole('table', { name: 'Staff accounts' });
}

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('staff accounts', () => {
  it('lists the accounts and the open invitations', async () => {
    const sent = mockApi({ [ACCOUNTS]: listOf() });
    await openPage();

    expect(screen.getByRole('heading', { name: 'Staff accounts', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Staff accounts – Waypoint admin');
    expect(
      within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', {
        name: 'Staff',
      }),
    ).toHaveAttribute('aria-current', 'page');

    expect(
      within(table('Staff accounts'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Status', 'Authenticator app', 'Since', 'Actions']);

    const mine = rowOf('Sam Staff');
    expect(within(mine).getByRole('rowheader')).toHaveTextContent('Sam Staff (you)');
    expect(
      within(mine)
        .getAllByRole('cell')
        .slice(0, 5)
        .map((cell) => cell.textContent),
    ).toEqual(['staff@waypoint.test', 'Admin', 'Active', 'Set up', '10 Jan 2026']);

    const worker = rowOf('Casey Worker');
    expect(
      within(worker)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ).toEqual(['casey@waypoint.test', 'Caseworker', 'Active', 'Not set up yet']);
    expect(
      within(worker)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Make Casey Worker an admin', 'Deactivate the account of Casey Worker']);

    const former = rowOf('Dana Former');
    expect(within(former).getByText('Deactivated')).toBeInTheDocument();
    expect(
      within(former)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Make Dana Former an admin', 'Reactivate the account of Dana Former']);

    const open = table('Open invitations');
    expect(
      within(open)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Email', 'Role', 'Invited by', 'Expires', 'Actions']);
    const invited = rowOf('new@example.com', 'Open invitations');
    const cells = within(invited).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Admin');
    expect(cells[1]).toHaveTextContent('Sam Staff');
    expect(cells[2]).toHaveTextContent(/^22 Nov 2026, \d\d:\d\d$/);
    expect(
      within(invited).getByRole('button', { name: 'Withdraw the invitation to new@example.com' }),
    ).toBeInTheDocument();
    expect(callsTo(sent, ACCOUNTS)).toHaveLength(1);
  });

  it('says when no invitation is open', async () => {
    mockApi({ [ACCOUNTS]: listOf([me], []) });
    await openPage();
    expect(screen.getByText('No invitation is waiting to be accepted.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Open invitations' })).not.toBeInTheDocument();
  });

  it('checks the invitation form, sends the email and role, announces it and loads the list again', async () => {
    const made: StaffInvitation = { ...invitation, id: 'inv-2', email: 'ada@example.com' };
    const sent = mockApi({
      [ACCOUNTS]: [listOf(), listOf([me, casey, gone], [invitation, made])],
      [INVITE]: ok({ invitation: { ...made, role: 'caseworker' } }),
    });
    await openPage();
    const form = screen.getByRole('region', { name: 'Invite a member of staff' });
    const user = userEvent.setup();

    // Nothing given: the summary names both fields, and takes the focus.
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      [AuthText.emailRequired, '#staff-invite-email'],
      [ApiMessages['staff.roleInvalid'], '#staff-invite-role'],
    ]);
    expect(within(form).getByLabelText(/^Email address/)).toHaveAccessibleDescription(
      `Error: ${AuthText.emailRequired}`,
    );
    expect(callsTo(sent, INVITE)).toEqual([]);

    const roles = within(form).getByRole('group', { name: /Role/ });
    expect(within(roles).getByLabelText('Caseworker')).toHaveAccessibleDescription(
      'Reviews applications, asks travellers for changes, submits applications to the Home Office, records outcomes and writes notes.',
    );
    expect(within(roles).getByLabelText('Admin')).toHaveAccessibleDescription(
      'Everything a caseworker does, plus refunds, failed emails and the staff accounts.',
    );

    await user.type(within(form).getByLabelText(/^Email address/), ' Ada@Example.com ');
    await user.click(within(roles).getByLabelText('Caseworker'));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    const status = await screen.findByText(
      'An invitation to join as a caseworker was emailed to ada@example.com. The link works for 48 hours.',
    );
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(status).toHaveFocus();
    expect(callsTo(sent, INVITE).map((call) => call.body)).toEqual([
      { email: 'ada@example.com', role: 'caseworker' },
    ]);
    await waitFor(() => expect(callsTo(sent, ACCOUNTS)).toHaveLength(2));
    expect(await screen.findByRole('rowheader', { name: 'ada@example.com' })).toBeInTheDocument();
    // The form is empty again.
    expect(within(form).getByLabelText(/^Email address/)).toHaveValue('');
    expect(within(roles).getByLabelText('Caseworker')).not.toBeChecked();
  });

  it('shows why an invitation was refused', async () => {
    mockApi({
      [ACCOUNTS]: listOf(),
      [INVITE]: failure(409, ApiMessages['staff.alreadyStaff'], { code: 'CONFLICT' }),
    });
    await openPage();
    const form = screen.getByRole('region', { name: 'Invite a member of staff' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/^Email address/), 'casey@waypoint.test');
    await user.click(within(form).getByLabelText('Admin'));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    const message = await within(form).findByText(ApiMessages['staff.alreadyStaff']);
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(within(form).getByLabelText(/^Email address/)).toHaveValue('casey@waypoint.test');
  });

  it('asks before deactivating, says the sessions end at once, and Cancel sends nothing', async () => {
    const sent = mockApi({
      [ACCOUNTS]: [listOf(), listOf([me, { ...casey, active: false }, gone])],
      'POST /api/admin/staff/staff-2/deactivate': ok({ account: { ...casey, active: false } }),
    });
    await openPage();
    const user = userEvent.setup();
    const deactivate = within(rowOf('Casey Worker')).getByRole('button', {
      name: 'Deactivate the account of Casey Worker',
    });

    await user.click(deactivate);
    let dialog = screen.getByRole('dialog', { name: 'Deactivate the account of Casey Worker?' });
    expect(dialog).toHaveTextContent(
      'Their sessions end at once: they are signed out everywhere, cannot sign in and are given no more work until an admin reactivates the account.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deactivate).toHaveFocus();
    expect(callsTo(sent, 'POST /api/admin/staff/staff-2/deactivate')).toEqual([]);

    await user.click(deactivate);
    dialog = screen.getByRole('dialog', { name: 'Deactivate the account of Casey Worker?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    const status = await screen.findByText(
      'The account of Casey Worker was deactivated and its sessions have ended.',
    );
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(callsTo(sent, 'POST /api/admin/staff/staff-2/deactivate')).toHaveLength(1);
    await waitFor(() => expect(callsTo(sent, ACCOUNTS)).toHaveLength(2));
    await waitFor(() =>
      expect(within(rowOf('Casey Worker')).getByText('Deactivated')).toBeInTheDocument(),
    );
    expect(
      within(rowOf('Casey Worker')).getByRole('button', {
        name: 'Reactivate the account of Casey Worker',
      }),
    ).toBeInTheDocument();
  });

  it('warns an admin deactivating their own account that they will be signed out', async () => {
    mockApi({ [ACCOUNTS]: listOf() });
    await openPage();
    const user = userEvent.setup();
    await user.click(
      within(rowOf('Sam Staff')).getByRole('button', {
        name: 'Deactivate the account of Sam Staff',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Deactivate the account of Sam Staff?' });
    expect(dialog).toHaveTextContent('This is your own account: you will be signed out at once.');
  });

  it('shows the refusal to demote or deactivate the last active admin', async () => {
    const sent = mockApi({
      [ACCOUNTS]: listOf([me, casey]),
      'PUT /api/admin/staff/admin-1/role': failure(409, ApiMessages['staff.lastAdmin'], {
        code: 'CONFLICT',
      }),
      'POST /api/admin/staff/admin-1/deactivate': failure(409, ApiMessages['staff.lastAdmin'], {
        code: 'CONFLICT',
      }),
    });
    await openPage();
    const user = userEvent.setup();

    await user.click(
      within(rowOf('Sam Staff')).getByRole('button', { name: 'Make Sam Staff a caseworker' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Make Sam Staff a caseworker?' });
    expect(dialog).toHaveTextContent(
      'This is your own account: you will no longer be able to use this page.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Make caseworker' }));

    const refusal = await screen.findByText(ApiMessages['staff.lastAdmin']);
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    expect(callsTo(sent, 'PUT /api/admin/staff/admin-1/role').map((call) => call.body)).toEqual([
      { role: 'caseworker' },
    ]);
    // Still an admin: the page and its links stay.
    expect(screen.getByRole('table', { name: 'Staff accounts' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', {
        name: 'Staff',
      }),
    ).toBeInTheDocument();

    await user.click(
      within(rowOf('Sam Staff')).getByRole('button', {
        name: 'Deactivate the account of Sam Staff',
      }),
    );
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Deactivate' }),
    );
    await waitFor(() =>
      expect(callsTo(sent, 'POST /api/admin/staff/admin-1/deactivate')).toHaveLength(1),
    );
    expect(await screen.findByText(ApiMessages['staff.lastAdmin'])).toBeInTheDocument();
  });

  it('takes away the admin pages at once from an admin who makes themself a caseworker', async () => {
    const other: StaffAccount = { ...casey, id: 'staff-9', name: 'Alex Admin', role: 'admin' };
    mockApi({
      [ACCOUNTS]: listOf([me, other]),
      'PUT /api/admin/staff/admin-1/role': ok({ account: { ...me, role: 'caseworker' } }),
    });
    await openPage();
    const user = userEvent.setup();
    await user.click(
      within(rowOf('Sam Staff')).getByRole('button', { name: 'Make Sam Staff a caseworker' }),
    );
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Make caseworker' }),
    );

    expect(await screen.findByText('Sam Staff is now a caseworker.')).toHaveFocus();
    expect(
      screen.getByRole('region', { name: 'Only admins can use this page' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Admin' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Applications', 'Support']);
  });

  it('changes a role after confirming it', async () => {
    const sent = mockApi({
      [ACCOUNTS]: [listOf(), listOf([me, { ...casey, role: 'admin' }, gone])],
      'PUT /api/admin/staff/staff-2/role': ok({ account: { ...casey, role: 'admin' } }),
    });
    await openPage();
    const user = userEvent.setup();
    await user.click(
      within(rowOf('Casey Worker')).getByRole('button', { name: 'Make Casey Worker an admin' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Make Casey Worker an admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));

    expect(await screen.findByText('Casey Worker is now an admin.')).toBeInTheDocument();
    expect(callsTo(sent, 'PUT /api/admin/staff/staff-2/role').map((call) => call.body)).toEqual([
      { role: 'admin' },
    ]);
    await waitFor(() => expect(callsTo(sent, ACCOUNTS)).toHaveLength(2));
  });

  it('resets an authenticator app after confirming, and reactivates without asking', async () => {
    const sent = mockApi({
      [ACCOUNTS]: listOf([me, { ...casey, secondFactorSet: true }, gone]),
      'POST /api/admin/staff/staff-2/second-factor/reset': ok({ account: casey }),
      'POST /api/admin/staff/staff-3/reactivate': ok({ account: { ...gone, active: true } }),
    });
    await openPage();
    const user = userEvent.setup();
    await user.click(
      within(rowOf('Casey Worker')).getByRole('button', {
        name: 'Reset the authenticator app of Casey Worker',
      }),
    );
    const dialog = screen.getByRole('dialog', {
      name: 'Reset the authenticator app of Casey Worker?',
    });
    expect(dialog).toHaveTextContent(
      'Their authenticator app and recovery codes are removed and their sessions end at once. They set up the app again at their next sign-in.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reset authenticator' }));
    expect(
      await screen.findByText(
        'The authenticator app of Casey Worker was reset: they set it up again at their next sign-in.',
      ),
    ).toBeInTheDocument();
    expect(callsTo(sent, 'POST /api/admin/staff/staff-2/second-factor/reset')).toHaveLength(1);

    await user.click(
      within(rowOf('Dana Former')).getByRole('button', {
        name: 'Reactivate the account of Dana Former',
      }),
    );
    expect(
      await screen.findByText(
        'The account of Dana Former was reactivated: they can sign in again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(sent, 'POST /api/admin/staff/staff-3/reactivate')).toHaveLength(1);
  });

  it('withdraws an invitation', async () => {
    const sent = mockApi({
      [ACCOUNTS]: [listOf(), listOf([me, casey, gone], [])],
      'DELETE /api/admin/staff/invitations/inv-1': ok({ id: 'inv-1', revoked: true }),
    });
    await openPage();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Withdraw the invitation to new@example.com' }));
    expect(
      await screen.findByText('The invitation to new@example.com was withdrawn.'),
    ).toHaveFocus();
    expect(callsTo(sent, 'DELETE /api/admin/staff/invitations/inv-1')).toHaveLength(1);
    expect(await screen.findByText('No invitation is waiting to be accepted.')).toBeInTheDocument();
  });

  it('shows the staff accounts in French', async () => {
    await act(() => activateLocale('fr'));
    mockApi({ [ACCOUNTS]: listOf() });
    await renderAdmin('/admin/staff');
    expect(
      await screen.findByRole('heading', { name: 'Comptes de l’équipe', level: 1 }),
    ).toBeInTheDocument();
    const accounts = await screen.findByRole('table', { name: 'Comptes de l’équipe' });
    expect(
      within(accounts)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Nom',
      'E-mail',
      'Rôle',
      'État',
      'Application d’authentification',
      'Depuis le',
      'Actions',
    ]);
    expect(
      screen.getByRole('button', { name: 'Désactiver le compte de Casey Worker' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Rôle/ })).toHaveTextContent('Agent instructeur');
  });
});

describe('the staff area for a caseworker', () => {
  it('shows no Failed emails or Staff links', async () => {
    mockApi({ 'GET /api/admin/dashboard': failure(500) });
    await renderAsCaseworker('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Applications', 'Support']);
  });

  it('counts the failed emails on the dashboard without leading to a page only admins use', async () => {
    mockApi({
      'GET /api/admin/dashboard': ok(
        dashboard({
          operations: { paymentsAwaitingReconciliation: 0, failedEmails: 3, failedJobs: 2 },
        }),
      ),
    });
    await renderAsCaseworker('/admin');
    const operations = await screen.findByRole('region', { name: 'Operations' });
    expect(operations).toHaveTextContent('An admin sends them again from the failed emails page.');
    expect(operations).toHaveTextContent('2 background jobs failed too');
    expect(within(operations).queryByRole('link')).toBeNull();
  });

  it('says that only admins manage the staff accounts, and loads nothing', async () => {
    const sent = mockApi({ [ACCOUNTS]: failure(403, ApiMessages['staff.adminOnly']) });
    await renderAsCaseworker('/admin/staff');
    expect(
      await screen.findByRole('heading', { name: 'Staff accounts', level: 1 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('region', { name: 'Only admins can use this page' }),
    ).toHaveTextContent('Your account is a caseworker account.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invite a member of staff' })).toBeNull();
    expect(callsTo(sent, ACCOUNTS)).toEqual([]);
  });

  it('says that only admins send failed emails again, and loads nothing', async () => {
    const sent = mockApi({ 'GET /api/admin/emails': ok({ emails: [], total: 0 }) });
    await renderAsCaseworker('/admin/emails');
    expect(
      await screen.findByRole('heading', { name: 'Failed emails', level: 1 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('region', { name: 'Only admins can use this page' }),
    ).toBeInTheDocument();
    expect(callsTo(sent, 'GET /api/admin/emails')).toEqual([]);
    expect(callsTo(sent, 'GET /api/admin/jobs')).toEqual([]);
  });

  it('shows no refund panel on an application', async () => {
    mockApi({
      'GET /api/admin/applications/app-1': ok(
        detail('IN_PROGRESS', [], { refundOptions: [{ kind: 'full', amountCents: 4200 }] }),
      ),
      'GET /api/reference/countries': ok([]),
    });
    await renderAsCaseworker('/admin/applications/app-1');
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Refunds' })).not.toBeInTheDocument();
  });

  it('shows the refunds already made, with no way to make one', async () => {
    mockApi({
      'GET /api/admin/applications/app-1': ok(
        detail('SUBMITTED', [], {
          refundOptions: [{ kind: 'service_fee', amountCents: 2000 }],
          refunds: [
            {
              id: 'r-1',
              kind: 'service_fee',
              amountCents: 1000,
              currency: 'EUR',
              status: 'succeeded',
              reason: 'Delay on our side',
              staffEmail: 'admin@waypoint.test',
              failureReason: null,
              createdAt: '2026-11-20T10:00:00.000Z',
              settledAt: '2026-11-20T10:00:05.000Z',
            },
          ],
        }),
      ),
      'GET /api/reference/countries': ok([]),
    });
    await renderAsCaseworker('/admin/applications/app-1');
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByRole('table')).toHaveTextContent('Delay on our side');
    expect(within(refunds).queryByRole('button')).toBeNull();
    expect(within(refunds).queryByRole('radio')).toBeNull();
  });
});
