import type { ApplicationRow, UserRow } from '../../db/rows';
import type { ServiceContext } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { latestDetails, SYSTEM } from '../audit/audit.repo';
import { changeStatus } from '../applications/status.service';
import { recordPaymentEvent, type PaymentEventRecord } from '../payments/payments.repo';
import type { PaymentEvent } from '../payments/provider';
import { issueReceipt } from '../receipts/receipts.service';
import * as repo from './checkout.repo';
import { linkAccount, sendSignInLink } from './account-linking.service';

export interface Completion {
  application: ApplicationRow;
  /** The account of the order's e-mail. */
  user: UserRow;
  /** True the first time the order is completed (false for a repeat confirm or webhook). */
  justPaid: boolean;
  /** True when the e-mail already had an account and a sign-in link was e-mailed to it. */
  signInLinkSent: boolean;
}

/**
 * Marks an order paid once its provider says the payment succeeded with the right amount and currency: the
 * payment succeeds, the order goes to its account (account linking), gets its receipt and moves DRAFT →
 * IN_PROGRESS through the status machine (audited, confirmation e-mailed), all in one transaction. Idempotent: confirm, webhook and
 * reconciliation may each arrive, in any order, any number of times.
 */
export async function completePayment({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: {
    event: Pick<PaymentEvent, 'paymentIntentId' | 'status' | 'amount' | 'currency' | 'card'>;
    provider: 'sandbox' | 'stripe';
    /** Who noticed the payment succeeded: the browser's confirm call, a provider webhook, or reconciliation. */
    via: 'confirm' | 'webhook' | 'reconciliation';
    /** The provider event to record once, with the completion. */
    record?: PaymentEventRecord;
  };
}): Promise<Completion> {
  const { event, provider, via } = input;
  if (event.status !== 'succeeded')
    throw conflict({ key: 'payment.notCompleted', params: { status: event.status } });
  const result = await ctx.db.transaction(async (tx) => {
    // A provider event is recorded in the same transaction as the order's completion: after a crash at any
    // point either both exist or neither, and a redelivery completes the order.
    if (input.record) await recordPaymentEvent(tx, provider, input.record);
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
      const paid = await latestDetails(tx, row.application.id, 'application.paid');
      return {
        application: row.application,
        user: owner!,
        justPaid: false,
        signInLinkSent: Boolean(paid?.signInLinkSent),
      };
    }
    await repo.markPaymentSucceeded(tx, row.payment.id);
    const linked = await linkAccount({ tx, input: { application: row.application } });
    // The receipt is issued before the status change, whose confirmation e-mail carries it.
    await issueReceipt({
      tx,
      input: {
        application: linked.application,
        payment: row.payment,
        card: event.card ?? null,
        locale: linked.owner.locale ?? linked.application.locale,
      },
    });
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
        },
      },
    });
    await sendSignInLink({ tx, input: linked });
    return {
      application,
      user: linked.owner,
      justPaid: true,
      signInLinkSent: linked.signInLinkSent,
    };
  });
  ctx.pokeOutbox();
  return result;
}
