import crypto from 'node:crypto';
import type { Tx } from '../../db/client';
import type { ApplicationRow, UserRow } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { SYSTEM } from '../audit/audit.repo';
import { namesOf, travelersOf } from '../applications/order-lookup.service';
import { changeStatus } from '../applications/status.service';
import { issueReceipt } from '../receipts/receipts.service';
import * as repo from './checkout.repo';
import { linkAccount, sendSignInLink } from './account-linking.service';
import type { CardPayments, IntentReport, ProviderIntent } from './card-payments';

export interface Completion {
  application: ApplicationRow;
  /** The account of the order's e-mail. */
  user: UserRow;
  /** True the first time the order is completed (false for a repeat confirm or webhook). */
  justPaid: boolean;
  /** True when the e-mail already had an account and a sign-in link was e-mailed to it. */
  signInLinkSent: boolean;
}

/** A succeeded payment to complete its order with. */
export interface CompletionInput {
  event: IntentReport;
  provider: CardPayments['name'];
  /** Who noticed the payment succeeded: the browser's confirm call, a provider webhook, or reconciliation. */
  via: 'confirm' | 'webhook' | 'reconciliation';
  /** Records the provider event that reported it, once, in the completion's transaction. */
  record?: (tx: Tx) => Promise<unknown>;
}

/**
 * Marks an order paid once its provider says the payment succeeded with the right amount and currency: the
 * payment succeeds, the order goes to its account (account linking), moves DRAFT → IN_PROGRESS through the status
 * machine (audited, confirmation e-mailed) and gets its receipt, all in one transaction. Idempotent: confirm,
 * webhook and reconciliation may each arrive, in any order, any number of times.
 */
export async function completePayment({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: CompletionInput;
}): Promise<Completion> {
  const { event, provider, via } = input;
  if (event.status !== 'succeeded')
    throw conflict({ key: 'payment.notCompleted', params: { status: event.status } });
  const result = await ctx.db.transaction(async (tx) => {
    // A provider event is recorded in the same transaction as the order's completion: after a crash at any
    // point either both exist or neither, and a redelivery completes the order.
    if (input.record) await input.record(tx);
    const row = await repo.lockPaymentWithOrder(tx, provider, event.paymentIntentId);
    if (!row) throw notFound('payment.notFound');
    if (
      event.amount !== row.payment.amountCents ||
      event.currency.toLowerCase() !== row.payment.currency.toLowerCase()
    ) {
      throw conflict('payment.amountMismatch');
    }
    if (row.application.paidAt) {
      const owner = await repo.findAccount(tx, { id: row.application.userId! });
      return completedBefore(row.application, owner!);
    }
    const card = event.card ?? null;
    await repo.markPaymentSucceeded(tx, row.payment.id, card);
    // Read once for the account, the confirmation and the receipt.
    const travelers = await travelersOf({ db: tx, input: { applicationId: row.application.id } });
    const names = await namesOf({ db: tx, input: { application: row.application } });
    const linked = await linkAccount({
      tx,
      input: { application: row.application, lead: travelers[0] },
    });
    const confirmationEmailId = crypto.randomUUID();
    const application = await changeStatus({
      ctx,
      tx,
      input: {
        application: linked.application,
        actor: SYSTEM,
        change: {
          to: 'IN_PROGRESS',
          payment: {
            provider,
            via,
            paymentIntentId: event.paymentIntentId,
            amountCents: event.amount,
            createdUser: linked.createdUser,
            signInLinkSent: linked.signInLinkSent,
          },
          order: { travelers, names, owner: linked.owner, confirmationEmailId },
        },
      },
    });
    await sendSignInLink({ tx, input: linked });
    // Last, so that the year's receipt counter, shared by every payment, is locked only until the commit that
    // follows; the number is written into the confirmation e-mail queued above.
    await issueReceipt({
      tx,
      input: {
        application: linked.application,
        payment: row.payment,
        card,
        locale: linked.owner.locale ?? linked.application.locale,
        travelers,
        names,
        confirmationEmailId,
      },
    });
    return {
      application,
      user: linked.owner,
      justPaid: true,
      signInLinkSent: linked.signInLinkSent,
    };
  });
  ctx.pokeJobs('email');
  return result;
}

/** A provider's payment intent, as a step of the payment names it. */
interface IntentOfProvider {
  ctx: ServiceContext;
  provider: CardPayments['name'];
  paymentIntentId: string;
}

/**
 * The completion of an order that the payment of `paymentIntentId` has completed already (the sandbox's own
 * confirm, a webhook or reconciliation got there first), read without a lock: a paid order stays paid. Null when
 * it is not completed yet.
 */
export async function completedPayment({
  ctx,
  provider,
  paymentIntentId,
}: IntentOfProvider): Promise<Completion | null> {
  const row = await repo.findPaymentWithOrder(ctx.db, provider, paymentIntentId);
  if (!row?.application.paidAt || !row.owner) return null;
  return completedBefore(row.application, row.owner);
}

/** An order paid before this report of its payment: nothing more to do. */
const completedBefore = (application: ApplicationRow, owner: UserRow): Completion => ({
  application,
  user: owner,
  justPaid: false,
  signInLinkSent: application.signInLinkSent,
});

/**
 * The provider reported that an intent succeeded (the browser's confirm, or a webhook): the report is noted on the
 * payment first, so that if this process dies before the order is completed, reconciliation completes it after its
 * grace period.
 */
export async function completeReportedPayment({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: CompletionInput;
}): Promise<Completion> {
  await repo.noteProviderStatus(
    ctx.db,
    input.provider,
    input.event.paymentIntentId,
    input.event.status,
    ctx.config.reconcile.graceSeconds,
  );
  return completePayment({ ctx, input });
}

/**
 * The card of `paymentIntentId` is about to be charged (the sandbox's confirm or its 3-D Secure page): reconciliation
 * looks at the payment again one grace period from now, whatever an earlier look had found. A traveller who spent a
 * while on the payment form had the payment looked at before it was charged, which put the next look off (30 s,
 * then longer); a process that died right after charging would then have left the paid order waiting that long.
 */
export async function expectCharge({
  ctx,
  provider,
  paymentIntentId,
}: IntentOfProvider): Promise<void> {
  await repo.noteProviderStatus(
    ctx.db,
    provider,
    paymentIntentId,
    null,
    ctx.config.reconcile.graceSeconds,
  );
}

/**
 * The provider says an intent succeeded (the browser's confirm, or the sandbox answering it): the order is
 * completed now, and if this process dies first, reconciliation completes it after its grace period.
 */
export async function settleSucceededIntent({
  ctx,
  provider,
  input,
}: {
  ctx: ServiceContext;
  provider: CardPayments;
  input: Pick<ProviderIntent, 'id' | 'status' | 'amount' | 'currency' | 'card'>;
}): Promise<Completion> {
  // Receipts: a caller that did not ask the provider for the card (the sandbox's own confirm) gets it here.
  const card =
    input.card !== undefined || input.status !== 'succeeded'
      ? input.card
      : (await provider.retrieveIntent(input.id))?.card;
  return completeReportedPayment({
    ctx,
    input: {
      event: {
        paymentIntentId: input.id,
        status: input.status,
        amount: input.amount,
        currency: input.currency,
        card: card ?? null,
      },
      provider: provider.name,
      via: 'confirm',
    },
  });
}
