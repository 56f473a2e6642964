import type { FailedEmailsResponse, RequeueEmailResponse } from '@waypoint/contracts';
import type { UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { actorOf } from '../audit/audit.repo';
import { notFound } from '../../lib/errors';
import { countFailedEmails, failedEmails, requeueFailedEmail } from './outbox.repo';
import type { TemplateName } from './templates';

/** What each e-mail is, in the words staff use. */
const DESCRIPTIONS: Record<TemplateName, string> = {
  'sign-in-link': 'Sign-in link',
  'draft-return-link': 'Link to continue a saved application',
  'email-verification': 'E-mail verification code',
  'password-reset': 'Password reset code',
  'reauthentication-code': 'Security code to confirm a change',
  'account-claimed': 'Account confirmed: other sessions ended',
  'email-changed': 'E-mail address changed (with undo link)',
  'payment-confirmation': 'Payment confirmation',
  'refund-confirmation': 'Refund confirmation',
  'status-change': 'Application status update',
  'account-deleted': 'Account deletion confirmation',
  'changes-requested': 'Changes requested from the traveller',
  lodged: 'Application submitted to the Home Office',
  decision: "The government's decision",
  'expiry-reminder': 'Reminder before an ETA, visa or passport expires',
  'staff-invitation': 'Invitation to join the staff',
  'support-received': 'Acknowledgement of a message to support',
  'support-reply': "Staff's answer to a message to support",
};

const LIST_LIMIT = 100;

export async function listFailedEmails({
  ctx,
}: {
  ctx: ServiceContext;
}): Promise<FailedEmailsResponse> {
  const [rows, total] = await Promise.all([
    failedEmails(ctx.db, LIST_LIMIT),
    countFailedEmails(ctx.db),
  ]);
  return {
    emails: rows.map((r) => ({
      id: r.id,
      to: r.to,
      template: r.template,
      description: DESCRIPTIONS[r.template as TemplateName] ?? r.template,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
  };
}

/** How many e-mails failed every attempt (the staff dashboard's count). */
export function failedEmailCount({ ctx }: { ctx: ServiceContext }): Promise<number> {
  return countFailedEmails(ctx.db);
}

/** Staff send a failed e-mail again: it goes back in the queue (audited) and the worker is woken. */
export async function requeueEmail({
  ctx,
  input,
  staff,
  caller,
}: {
  ctx: ServiceContext;
  input: { id: string };
  staff: UserRow;
  caller: Caller;
}): Promise<RequeueEmailResponse> {
  const requeued = await requeueFailedEmail(ctx.db, input.id, actorOf(staff, caller));
  if (!requeued) throw notFound('failedEmail.notFound');
  ctx.pokeJobs('email');
  return { id: input.id, status: 'PENDING' };
}
