import { useEffect, useRef, useState } from 'react';
import {
  STAFF_INVITATION_HOURS,
  type StaffAccount,
  type StaffInvitation,
  type StaffRole,
} from '@waypoint/contracts';
import {
  Link,
  isApiError,
  loginRedirectPath,
  selectUser,
  setUser,
  useAppDispatch,
  useAppSelector,
  useLocation,
} from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, ErrorBox, Spinner, rich, useLocale, useT } from '@waypoint/ui';
import {
  AdminOnly,
  ConfirmDialog,
  DateText,
  EmailAddress,
  useStaffPermissions,
} from '../components/common';
import { formatDate, formatDateTime } from '../format';
import { adminMessages, type AdminMessage } from '../i18n/catalog';
import {
  useChangeStaffRoleMutation,
  useGetStaffAccountsQuery,
  useRevokeStaffInvitationMutation,
  useUpdateStaffAccountMutation,
  type StaffAccountAction,
} from '../state';
import { InviteStaffForm } from './StaffAccountsInvite';
import { StackedTable } from '../components/StackedTable';

type Translate = (key: AdminMessage, values?: Record<string, string | number>) => string;

/** What an admin does to a staff account from its row. */
type Change =
  | { kind: 'role'; account: StaffAccount; role: StaffRole }
  | { kind: 'deactivate' | 'reactivate' | 'reset'; account: StaffAccount };

/** What happened: done (announced), or not done with the server's reason ('' when it gave none). */
type Outcome = { kind: 'done'; text: string } | { kind: 'failed'; reason: string };

const ACTION_PATHS: Record<Exclude<Change['kind'], 'role'>, StaffAccountAction> = {
  deactivate: 'deactivate',
  reactivate: 'reactivate',
  reset: 'second-factor/reset',
};

/** The other role: staff are either caseworkers or admins. */
function otherRole(role: StaffRole): StaffRole {
  return role === 'admin' ? 'caseworker' : 'admin';
}

/** A change done, in words. */
function doneText(change: Change, t: Translate): string {
  const name = change.account.name;
  switch (change.kind) {
    case 'role':
      return t(`staffAccounts.done.role.${change.role}`, { name });
    case 'deactivate':
      return t('staffAccounts.done.deactivate', { name });
    case 'reactivate':
      return t('staffAccounts.done.reactivate', { name });
    default:
      return t('staffAccounts.done.reset', { name });
  }
}

/** The server's reason for a refused request (4xx), or '' for a failure without one. */
function reasonOf(error: unknown): string {
  const api = isApiError(error) ? error : undefined;
  return api && api.status >= 400 && api.status < 500 ? api.message : '';
}

/** A load of the list that failed: a short message and Retry, or signing in again after the session ended. */
function StaffLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT(adminMessages);
  const apiText = useApiText();
  const location = useLocation();
  const status = isApiError(error) ? error.status : 0;
  if (status === 401) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return (
      <p className="wpd-load-failed" role="alert">
        {rich(t('staffAccounts.load.sessionEnded'), {
          link: (text) => <Link to={loginRedirectPath(here)}>{text}</Link>,
        })}
      </p>
    );
  }
  if (status === 403) return <AdminOnly />;
  const detail = status >= 400 && status < 500 ? ` ${apiText(reasonOf(error))}` : '';
  return (
    <p className="wpd-load-failed" role="alert">
      {`${t('staffAccounts.load.failed')}${detail}`}{' '}
      <Button variant="secondary" size="small" onClick={onRetry}>
        {t('load.retry')}
      </Button>
    </p>
  );
}

/** A word for "nothing" read out to screen readers, a dash on screen. */
function Missing({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="wp-visually-hidden">{label}</span>
    </>
  );
}

function AccountRow({
  account,
  me,
  busy,
  onChange,
}: {
  account: StaffAccount;
  me: boolean;
  busy: boolean;
  onChange: (change: Change) => void;
}) {
  const t = useT(adminMessages);
  const locale = useLocale();
  const newRole = otherRole(account.role);
  return (
    <tr className={account.active ? undefined : 'wpd-staff-row--inactive'}>
      <th scope="row">
        <bdi>{account.name}</bdi>
        {me ? <span className="wpd-staff-you"> {t('staffAccounts.you')}</span> : null}
      </th>
      <td data-label={t('staffAccounts.column.email')}>
        <EmailAddress className="wpd-value" email={account.email} />
      </td>
      <td data-label={t('staffAccounts.column.role')}>
        <span className="wpd-value">{t(`staffAccounts.role.${account.role}`)}</span>
      </td>
      <td data-label={t('staffAccounts.column.status')}>
        <span
          className={`wp-badge wpd-staff-state wpd-staff-state--${account.active ? 'active' : 'inactive'}`}
        >
          {t(account.active ? 'staffAccounts.state.active' : 'staffAccounts.state.inactive')}
        </span>
      </td>
      <td data-label={t('staffAccounts.column.authenticator')}>
        <span className="wpd-value">
          {t(
            account.secondFactorSet
              ? 'staffAccounts.authenticator.set'
              : 'staffAccounts.authenticator.notSet',
          )}
        </span>
      </td>
      <td data-label={t('staffAccounts.column.since')}>
        <span className="wpd-value">
          <DateText
            iso={account.createdAt}
            text={formatDate(account.createdAt, locale)}
            missing={t('staffAccounts.unknownDate')}
          />
        </span>
      </td>
      <td className="wpd-cell-actions">
        <span className="wpd-actions">
          <Button
            variant="secondary"
            size="small"
            disabled={busy}
            aria-label={t(`staffAccounts.action.role.${newRole}.for`, { name: account.name })}
            onClick={() => onChange({ kind: 'role', account, role: newRole })}
          >
            {t(`staffAccounts.action.role.${newRole}`)}
          </Button>
          {account.active && account.secondFactorSet ? (
            <Button
              variant="secondary"
              size="small"
              disabled={busy}
              aria-label={t('staffAccounts.action.reset.for', { name: account.name })}
              onClick={() => onChange({ kind: 'reset', account })}
            >
              {t('staffAccounts.action.reset')}
            </Button>
          ) : null}
          {account.active ? (
            <Button
              variant="danger"
              size="small"
              disabled={busy}
              aria-label={t('staffAccounts.action.deactivate.for', { name: account.name })}
              onClick={() => onChange({ kind: 'deactivate', account })}
            >
              {t('staffAccounts.action.deactivate')}
            </Button>
          ) : (
            <Button
              variant="secondary"
              size="small"
              busy={busy}
              busyLabel={t('staffAccounts.saving')}
              aria-label={t('staffAccounts.action.reactivate.for', { name: account.name })}
              onClick={() => onChange({ kind: 'reactivate', account })}
            >
              {t('staffAccounts.action.reactivate')}
            </Button>
          )}
        </span>
      </td>
    </tr>
  );
}

function AccountsTable({
  accounts,
  me,
  busyId,
  onChange,
}: {
  accounts: StaffAccount[];
  me: string;
  busyId: string | null;
  onChange: (change: Change) => void;
}) {
  const t = useT(adminMessages);
  return (
    <section className="wpd-section" aria-labelledby="staff-accounts-heading">
      <h2 id="staff-accounts-heading">{t('staffAccounts.accounts.heading')}</h2>
      <StackedTable
        labelId="staff-accounts-caption"
        caption={t('staffAccounts.accounts.caption')}
        className="wpd-staff-table"
        columns={[
          { label: t('staffAccounts.column.name') },
          { label: t('staffAccounts.column.email') },
          { label: t('staffAccounts.column.role') },
          { label: t('staffAccounts.column.status') },
          { label: t('staffAccounts.column.authenticator') },
          { label: t('staffAccounts.column.since') },
          { label: t('staffAccounts.column.actions') },
        ]}
      >
        {accounts.map((account) => (
          <AccountRow
            key={account.id}
            account={account}
            me={account.id === me}
            busy={busyId === account.id}
            onChange={onChange}
          />
        ))}
      </StackedTable>
    </section>
  );
}

function InvitationsTable({
  invitations,
  busyId,
  onWithdraw,
}: {
  invitations: StaffInvitation[];
  busyId: string | null;
  onWithdraw: (invitation: StaffInvitation) => void;
}) {
  const t = useT(adminMessages);
  const locale = useLocale();
  return (
    <section className="wpd-section" aria-labelledby="staff-invitations-heading">
      <h2 id="staff-invitations-heading">{t('staffAccounts.invitations.heading')}</h2>
      {invitations.length === 0 ? (
        <p className="wpd-muted">{t('staffAccounts.invitations.none')}</p>
      ) : (
        <StackedTable
          labelId="staff-invitations-caption"
          caption={t('staffAccounts.invitations.caption')}
          className="wpd-staff-table"
          columns={[
            { label: t('staffAccounts.column.email') },
            { label: t('staffAccounts.column.role') },
            { label: t('staffAccounts.column.invitedBy') },
            { label: t('staffAccounts.column.expires') },
            { label: t('staffAccounts.column.actions') },
          ]}
        >
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <th scope="row">
                <EmailAddress email={invitation.email} />
              </th>
              <td data-label={t('staffAccounts.column.role')}>
                <span className="wpd-value">{t(`staffAccounts.role.${invitation.role}`)}</span>
              </td>
              <td data-label={t('staffAccounts.column.invitedBy')}>
                <span className="wpd-value">
                  {invitation.invitedBy ? (
                    <bdi>{invitation.invitedBy}</bdi>
                  ) : (
                    <Missing label={t('staffAccounts.invitedByUnknown')} />
                  )}
                </span>
              </td>
              <td data-label={t('staffAccounts.column.expires')}>
                <span className="wpd-value">
                  <DateText
                    iso={invitation.expiresAt}
                    text={formatDateTime(invitation.expiresAt, locale)}
                    missing={t('staffAccounts.unknownDate')}
                  />
                </span>
              </td>
              <td className="wpd-cell-actions">
                <span className="wpd-actions">
                  <Button
                    variant="secondary"
                    size="small"
                    busy={busyId === invitation.id}
                    busyLabel={t('staffAccounts.saving')}
                    aria-label={t('staffAccounts.action.withdraw.for', {
                      email: invitation.email,
                    })}
                    onClick={() => onWithdraw(invitation)}
                  >
                    {t('staffAccounts.action.withdraw')}
                  </Button>
                </span>
              </td>
            </tr>
          ))}
        </StackedTable>
      )}
    </section>
  );
}

/** The confirmation of a change to an account: what it does, and what it does to one's own session. */
function ConfirmChange({
  change,
  own,
  onConfirm,
  onCancel,
}: {
  change: Change | null;
  own: boolean;
  onConfirm: (change: Change) => void;
  onCancel: () => void;
}) {
  const t = useT(adminMessages);
  const key = change?.kind === 'role' ? (`role.${change.role}` as const) : change?.kind;
  const confirmable = key === 'reactivate' ? undefined : key;
  const asked = change && confirmable ? { change, confirmable } : null;
  return (
    <ConfirmDialog
      subject={asked}
      title={
        asked
          ? t(`staffAccounts.confirm.${asked.confirmable}.title`, {
              name: asked.change.account.name,
            })
          : ''
      }
      confirmLabel={asked ? t(`staffAccounts.confirm.${asked.confirmable}.action`) : ''}
      confirmVariant={confirmable === 'role.admin' ? 'primary' : 'danger'}
      onConfirm={(confirmed) => onConfirm(confirmed.change)}
      onCancel={onCancel}
    >
      {(shown) => (
        <>
          <p>{t(`staffAccounts.confirm.${shown.confirmable}.text`)}</p>
          {own && shown.confirmable !== 'role.admin' ? (
            <p className="wpd-strong">{t(`staffAccounts.confirm.${shown.confirmable}.own`)}</p>
          ) : null}
        </>
      )}
    </ConfirmDialog>
  );
}

/** The list of accounts and invitations, the changes to them, and the invitation form. */
function StaffAccounts({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const t = useT(adminMessages);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { data, error, isError, isFetching, refetch } = useGetStaffAccountsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [changeRole] = useChangeStaffRoleMutation();
  const [updateAccount] = useUpdateStaffAccountMutation();
  const [revoke] = useRevokeStaffInvitationMutation();
  const [confirming, setConfirming] = useState<Change | null>(null);
  /** The account or invitation being changed now. */
  const [busyId, setBusyId] = useState<string | null>(null);

  const me = data?.me ?? user?.id ?? '';

  const apply = async (change: Change) => {
    setBusyId(change.account.id);
    const reply =
      change.kind === 'role'
        ? await changeRole({ id: change.account.id, role: change.role })
        : await updateAccount({ id: change.account.id, action: ACTION_PATHS[change.kind] });
    setBusyId(null);
    if ('data' in reply && reply.data) {
      // One's own new role takes effect at once: the staff area shows only what it allows.
      if (change.kind === 'role' && change.account.id === me && user) {
        dispatch(setUser({ ...user, role: reply.data.account.role }));
      }
      onOutcome({ kind: 'done', text: doneText(change, t) });
    } else {
      onOutcome({ kind: 'failed', reason: reasonOf('error' in reply ? reply.error : undefined) });
    }
  };

  const withdraw = async (invitation: StaffInvitation) => {
    if (busyId) return;
    setBusyId(invitation.id);
    const reply = await revoke(invitation.id);
    setBusyId(null);
    if ('data' in reply && reply.data) {
      onOutcome({
        kind: 'done',
        text: t('staffAccounts.done.withdraw', { email: invitation.email }),
      });
    } else {
      onOutcome({ kind: 'failed', reason: reasonOf('error' in reply ? reply.error : undefined) });
    }
  };

  const request = (change: Change) => {
    if (busyId) return;
    // Letting an account sign in again needs no confirmation.
    if (change.kind === 'reactivate') void apply(change);
    else setConfirming(change);
  };

  return (
    <>
      {isError && !data ? <StaffLoadError error={error} onRetry={() => void refetch()} /> : null}
      {!data && !isError && isFetching ? (
        <Spinner label={t('staffAccounts.loading')} showLabel />
      ) : null}
      {data ? (
        <div aria-busy={isFetching || undefined}>
          {isError ? <StaffLoadError error={error} onRetry={() => void refetch()} /> : null}
          <AccountsTable accounts={data.accounts} me={me} busyId={busyId} onChange={request} />
          <InvitationsTable
            invitations={data.invitations}
            busyId={busyId}
            onWithdraw={(invitation) => void withdraw(invitation)}
          />
        </div>
      ) : null}
      <InviteStaffForm
        onInvited={(invitation) =>
          onOutcome({
            kind: 'done',
            text: t(`staffAccounts.done.invite.${invitation.role}`, {
              email: invitation.email,
              hours: STAFF_INVITATION_HOURS,
            }),
          })
        }
      />
      <ConfirmChange
        change={confirming}
        own={confirming?.account.id === me}
        onCancel={() => setConfirming(null)}
        onConfirm={(change) => {
          setConfirming(null);
          void apply(change);
        }}
      />
    </>
  );
}

/**
 * The staff accounts, for admins: every account (its role, whether it is active, whether its authenticator app is
 * set up) and the invitations still open; inviting a person, changing a role, deactivating and reactivating an
 * account, resetting an authenticator app, withdrawing an invitation. The last active admin keeps their role and
 * account (the server refuses, and the page says why).
 */
export function StaffAccountsPage() {
  const t = useT(adminMessages);
  const apiText = useApiText();
  const allowed = useStaffPermissions().staffManagement;
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // The button pressed may go with its row (or the dialog with it): the focus moves to what happened.
  const doneRef = useRef<HTMLParagraphElement>(null);
  const failedRef = useRef<HTMLDivElement>(null);
  const focusOutcome = useRef(false);
  useEffect(() => {
    if (!focusOutcome.current) return;
    focusOutcome.current = false;
    (outcome?.kind === 'done' ? doneRef.current : failedRef.current)?.focus();
  });

  const show = (next: Outcome) => {
    setOutcome(next);
    focusOutcome.current = true;
  };

  return (
    <>
      <title>{t('staffAccounts.title')}</title>
      <h1>{t('staffAccounts.heading')}</h1>
      {/* Always in the page, so that what is done is announced. */}
      <div role="status" className="wpd-staff-status">
        {outcome?.kind === 'done' ? (
          <p ref={doneRef} tabIndex={-1} className="wpd-result">
            {outcome.text}
          </p>
        ) : null}
      </div>
      {outcome?.kind === 'failed' ? (
        <div ref={failedRef} tabIndex={-1} className="wpd-outcome">
          <ErrorBox>
            <p>{outcome.reason ? apiText(outcome.reason) : t('staffAccounts.failed')}</p>
          </ErrorBox>
        </div>
      ) : null}
      {allowed ? (
        <>
          <p>{t('staffAccounts.intro')}</p>
          <StaffAccounts onOutcome={show} />
        </>
      ) : (
        <AdminOnly />
      )}
    </>
  );
}
