import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  InviteStaffBody,
  STAFF_INVITATION_HOURS,
  STAFF_ROLES,
  type StaffInvitation,
  type StaffRole,
} from '@waypoint/contracts';
import {
  fieldErrorsFromIssues,
  isApiError,
  knownFieldErrors,
  useFormErrors,
} from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, ErrorBox, ErrorSummary, RadioGroup, TextField, useT } from '@waypoint/ui';
import { adminMessages } from '../i18n/catalog';
import { useInviteStaffMutation } from '../state';

const FIELDS = { email: 'staff-invite-email', role: 'staff-invite-role' };

/**
 * Invites a person to join the staff: their e-mail address and a role. The invitation is e-mailed as a link that
 * works for 48 hours; a newer invitation to the same address replaces the one still open.
 */
export function InviteStaffForm({
  onInvited,
}: {
  onInvited: (invitation: StaffInvitation) => void;
}) {
  const t = useT(adminMessages);
  const apiText = useApiText();
  const [invite, { isLoading }] = useInviteStaffMutation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole | null>(null);
  const { errors, summary, attempt, clearErrors, showErrors } = useFormErrors(FIELDS);
  /** Why the invitation was not sent: the server's words, or '' when it gave none. */
  const [failure, setFailure] = useState<string | null>(null);

  const failureRef = useRef<HTMLDivElement>(null);
  const focusFailure = useRef(false);
  useEffect(() => {
    if (!focusFailure.current) return;
    focusFailure.current = false;
    failureRef.current?.focus();
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = InviteStaffBody.safeParse({ email, role: role ?? undefined });
    if (!parsed.success) {
      showErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    clearErrors();
    const reply = await invite(parsed.data);
    if ('data' in reply && reply.data) {
      setEmail('');
      setRole(null);
      onInvited(reply.data.invitation);
      return;
    }
    const error = 'error' in reply ? reply.error : undefined;
    const api = isApiError(error) ? error : undefined;
    const onFields = knownFieldErrors(api?.fieldErrors, FIELDS);
    if (Object.keys(onFields).length > 0) {
      showErrors(onFields);
      return;
    }
    setFailure(api && api.status >= 400 && api.status < 500 ? api.message : '');
    focusFailure.current = true;
  };

  return (
    <section
      className="wp-card wpd-section wpd-staff-invite"
      aria-labelledby="staff-invite-heading"
    >
      <h2 id="staff-invite-heading">{t('staffAccounts.invite.heading')}</h2>
      <p>{t('staffAccounts.invite.intro', { hours: STAFF_INVITATION_HOURS })}</p>
      {failure !== null ? (
        <div ref={failureRef} tabIndex={-1} className="wpd-failure">
          <ErrorBox>
            <p>{failure ? apiText(failure) : t('staffAccounts.invite.failed')}</p>
          </ErrorBox>
        </div>
      ) : null}
      <form className="wp-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
        <ErrorSummary errors={summary} focusKey={attempt} />
        <TextField
          id={FIELDS.email}
          label={t('staffAccounts.invite.email')}
          type="email"
          autoComplete="off"
          inputMode="email"
          spellCheck={false}
          required
          value={email}
          error={errors.email ?? null}
          onChange={(event) => setEmail(event.target.value)}
        />
        <RadioGroup
          id={FIELDS.role}
          name="staff-invite-role"
          legend={t('staffAccounts.invite.role')}
          required
          value={role}
          error={errors.role ?? null}
          onChange={(value) => setRole(STAFF_ROLES.find((known) => known === value) ?? null)}
          options={STAFF_ROLES.map((value) => ({
            value,
            label: t(`staffAccounts.role.${value}`),
            description: t(`staffAccounts.role.${value}.hint`),
          }))}
        />
        <div className="wp-actions">
          <Button type="submit" busy={isLoading} busyLabel={t('staffAccounts.invite.sending')}>
            {t('staffAccounts.invite.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
