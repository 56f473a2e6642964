import crypto from 'node:crypto';
import {
  REMINDER_DAYS,
  todayIso,
  type RenewalPrefill,
  type ReminderDays,
  type UnsubscribeResponse,
} from '@waypoint/contracts';
import type { Caller, ServiceContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { recordAudit } from '../audit/audit.repo';
import { queueEmail } from '../notifications/outbox.service';
import * as casework from './casework.repo';
import { recipientOf } from './order-lookup.service';

/**
 * Reminders before an ETA or visa stops being usable: 60 and 14 days before it expires, or before the passport it
 * is linked to expires if that comes first. Each is sent once (stamped in the transaction that queues it), through
 * the outbox, in the traveller's language, with two links that work without signing in: a new application
 * prefilled with the traveller's details, and stopping the reminders.
 */

type Purpose = 'renew' | 'stop';

/** A reminder link's token: the grant, what the link does, and a MAC of both (nothing else to store). */
function tokenOf(ctx: ServiceContext, grantId: string, purpose: Purpose): string {
  return `${grantId}.${purpose}.${mac(ctx, grantId, purpose)}`;
}

const mac = (ctx: ServiceContext, grantId: string, purpose: Purpose) =>
  crypto
    .createHmac('sha256', ctx.encryption.deriveKey('reminder-links'))
    .update(`${grantId}.${purpose}`)
    .digest('base64url');

/** The grant a token names, if the token is one this server made for `purpose`. */
function grantOfToken(ctx: ServiceContext, token: string, purpose: Purpose): string {
  const [grantId, tokenPurpose, given] = token.split('.');
  const expected = grantId && tokenPurpose === purpose ? mac(ctx, grantId, purpose) : null;
  if (
    !expected ||
    !given ||
    given.length !== expected.length ||
    !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  )
    throw badRequest('casework.reminderLinkInvalid');
  return grantId!;
}

/** Queues the reminders due today (each once); returns how many were queued. */
export async function sendDueReminders({
  ctx,
  now = new Date(),
}: {
  ctx: ServiceContext;
  now?: Date;
}): Promise<number> {
  const today = todayIso(now);
  let queued = 0;
  for (const days of REMINDER_DAYS) {
    const due = await casework.dueReminders(ctx.db, { days, today, limit: 200 });
    for (const { id } of due) if (await sendReminder(ctx, id, days)) queued += 1;
  }
  if (queued) ctx.pokeJobs('email');
  return queued;
}

async function sendReminder(ctx: ServiceContext, grantId: string, days: ReminderDays) {
  return ctx.db.transaction(async (tx) => {
    // Whoever stamps it first sends it: another process's job, or a second run, finds it stamped.
    if (!(await casework.claimReminder(tx, grantId, days))) return false;
    const found = await casework.grantWithTraveler(tx, grantId);
    if (!found || found.application.personalDataErasedAt) return false;
    const { grant, traveler, application } = found;
    const passportFirst =
      traveler.passportExpirationDate !== null &&
      traveler.passportExpirationDate < grant.validUntil;
    const recipient = await recipientOf({ db: tx, input: { application } });
    if (!recipient.address) return false;
    await queueEmail({
      tx,
      input: {
        to: recipient.address,
        locale: recipient.locale,
        message: {
          template: 'expiry-reminder',
          payload: {
            firstName: traveler.firstName,
            productKind: grant.kind,
            travelerName: `${traveler.firstName} ${traveler.lastName}`,
            grantReference: grant.reference,
            expiresOn: passportFirst ? traveler.passportExpirationDate! : grant.validUntil,
            cause: passportFirst ? 'passport' : 'permission',
            daysBefore: days,
            renewToken: tokenOf(ctx, grant.id, 'renew'),
            unsubscribeToken: tokenOf(ctx, grant.id, 'stop'),
          },
        },
      },
    });
    return true;
  });
}

/** Stops a grant's reminders from the e-mail's link (no sign-in: the link is the proof). */
export async function unsubscribeReminders({
  ctx,
  input,
  caller,
}: {
  ctx: ServiceContext;
  input: { token: string };
  caller: Caller;
}): Promise<UnsubscribeResponse> {
  const grantId = grantOfToken(ctx, input.token, 'stop');
  return ctx.db.transaction(async (tx) => {
    const found = await casework.grantWithTraveler(tx, grantId);
    if (!found) throw badRequest('casework.reminderLinkInvalid');
    if (await casework.stopReminders(tx, grantId))
      await recordAudit(tx, {
        action: 'reminders.unsubscribed',
        actor: { userId: null, role: 'guest', ip: caller.ip, userAgent: caller.userAgent },
        entityId: found.application.id,
        applicationId: found.application.id,
        details: { kind: found.grant.kind },
      });
    return { kind: found.grant.kind, unsubscribed: true as const };
  });
}

/** What a new application starts with, from a reminder's link: the traveller, their nationality and product. */
export async function renewalPrefill({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { token: string };
}): Promise<RenewalPrefill> {
  const grantId = grantOfToken(ctx, input.token, 'renew');
  const found = await casework.grantWithTraveler(ctx.db, grantId);
  if (!found || found.application.personalDataErasedAt)
    throw badRequest('casework.reminderLinkInvalid');
  const { traveler, application } = found;
  const recipient = await recipientOf({ db: ctx.db, input: { application } });
  return {
    countryCode: application.countryCode,
    visaTypeId: application.visaTypeId,
    email: recipient.address,
    traveler: {
      firstName: traveler.firstName,
      lastName: traveler.lastName,
      dateOfBirth: traveler.dateOfBirth,
    },
  };
}
