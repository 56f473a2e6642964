import {
  DEFAULT_LOCALE,
  ErrorCode,
  normalisePassportNumber,
  type CreatePaymentIntentBody,
  type PriceBreakdown,
} from '@waypoint/contracts';
import type { z } from 'zod';
import type { ApplicationRow, PaymentRow, UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { AppError, conflict, notFound } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import { recordAudit } from '../audit/audit.repo';
import type { CardPayments, ProviderIntent } from './card-payments';
import * as repo from './checkout.repo';
import { completedPayment, settleSucceededIntent } from './payment-completion.service';
import { priceOf, priceOrder } from './pricing.service';

type OrderInput = z.output<typeof CreatePaymentIntentBody>;

export interface OrderCreated {
  application: ApplicationRow;
  payment: PaymentRow;
  clientSecret: string;
  price: PriceBreakdown;
}

const UUID = /^[0-9a-f-]{36}$/;

/** The order already created with a key, with its intent's current client secret; null when there is none. */
async function orderOfKey(
  ctx: ServiceContext,
  provider: CardPayments,
  key: string,
): Promise<OrderCreated | null> {
  const row = await repo.findOrderByIdempotencyKey(ctx.db, key);
  if (!row) return null;
  const intent = await provider.retrieveIntent(row.payment.providerPaymentId);
  if (!intent) throw new AppError(ErrorCode.PROVIDER, 'payment.paymentFailed');
  return { ...row, clientSecret: intent.clientSecret, price: priceOf(row.application) };
}

/**
 * Creates the order (status DRAFT, with its travellers) and its payment, once per idempotency key: a double
 * click, a retry or two concurrent calls with the same key give the same order and the same payment intent.
 */
export async function createOrder({
  ctx,
  input,
  provider,
  user,
  guestHash,
  caller,
}: {
  ctx: ServiceContext;
  input: OrderInput;
  provider: CardPayments;
  /** The signed-in account placing the order, if any. */
  user: UserRow | null;
  /** The browser's guest session: only it may later be signed in by paying. */
  guestHash: string;
  caller: Caller;
}): Promise<OrderCreated> {
  // The browser's random key alone decides (its first clicks may come before it has a guest cookie).
  const idempotencyKey = `order:${input.idempotencyKey}`;
  const existing = await orderOfKey(ctx, provider, idempotencyKey);
  if (existing) return existing;
  await consumeRateLimits(ctx.rateLimits, [
    { key: `payment-intent:ip:${caller.ip}`, max: 30, windowSeconds: 3600 },
  ]);

  const priced = await priceOrder({
    ctx,
    input: {
      countryId: input.countryId!,
      visaTypeId: input.visaTypeId!,
      processingOptionId: input.processingOptionId!,
      travelerCount: input.travelers.length,
    },
  });
  const lead = input.travelers[0]!;
  const email = (lead.email ?? '').trim().toLowerCase();
  // The provider keeps the same intent for the same key, so a retry after a crash here charges once.
  const intent = await provider.createIntent({
    amount: priced.price.totalCents,
    currency: priced.price.currency.toLowerCase(),
    idempotencyKey,
    metadata: { visaType: priced.visaType.id, travelers: String(input.travelers.length) },
    receiptEmail: email,
  });

  const created = await ctx.db.transaction(async (tx) => {
    await repo.lockIdempotencyKey(tx, idempotencyKey);
    if (await repo.findOrderByIdempotencyKey(tx, idempotencyKey)) return null;
    const names = input.travelers.map((t) => `${t.firstName} ${t.lastName}`.toLowerCase());
    const order = await repo.insertOrder(tx, {
      application: {
        status: 'DRAFT',
        userId: user?.id ?? null,
        guestEmail: email,
        // An account created by paying for the order takes the language of this visit.
        locale: caller.locale ?? DEFAULT_LOCALE,
        guestSessionHash: guestHash,
        countryCode: priced.countryCode,
        visaTypeId: priced.visaType.id,
        processingOptionId: priced.option.id,
        arrivalDate: input.hasPlannedDates ? input.arrivalDate : null,
        hasPlannedDates: input.hasPlannedDates,
        travelerCount: input.travelers.length,
        governmentFeeGbpPence: priced.price.governmentFeeGbpPence,
        exchangeRate: priced.price.exchangeRate.rate,
        exchangeRateDate: priced.price.exchangeRate.date,
        governmentFeeCents: priced.price.governmentFeeCents,
        processingFeeCents: priced.price.processingFeeCents,
        processingHours: priced.option.hours,
        totalCents: priced.price.totalCents,
        currency: priced.price.currency,
        searchText: [email, user?.email ?? '', ...names].join(' '),
      },
      travelers: input.travelers.map((t, i) => {
        const p = t.passport;
        const number = p && !p.addLater ? normalisePassportNumber(p.number) : '';
        return {
          position: i + 1,
          firstName: t.firstName.trim(),
          lastName: t.lastName.trim(),
          dateOfBirth: t.dateOfBirth,
          email: i === 0 ? email : null,
          passportNationality: p?.nationality || null,
          passportNumberEncrypted: number ? ctx.encryption.encrypt(number) : null,
          passportExpirationDate: p && !p.addLater ? p.expirationDate : null,
          hasSecondNationality: p && !p.addLater ? p.hasSecondNationality : null,
          passportAddLater: p?.addLater ?? false,
        };
      }),
      payment: {
        provider: provider.name,
        providerPaymentId: intent.id,
        idempotencyKey,
        amountCents: priced.price.totalCents,
        currency: priced.price.currency,
        status: intent.status,
      },
    });
    await recordAudit(tx, {
      action: 'application.created',
      actor: { userId: user?.id ?? null, role: user ? user.role : 'guest', ip: caller.ip },
      entityId: order.application.id,
      applicationId: order.application.id,
      details: { totalCents: priced.price.totalCents, travelers: input.travelers.length },
    });
    return order;
  });
  if (!created) return (await orderOfKey(ctx, provider, idempotencyKey))!;
  return { ...created, clientSecret: intent.clientSecret, price: priced.price };
}

/** The paid order's details for the success page. */
export async function paidSummary({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { applicationId: string };
}) {
  const row = await repo.findOrderSummary(ctx.db, input.applicationId);
  return {
    id: row.a.id,
    reference: row.a.reference,
    status: row.a.status,
    createdAt: row.a.createdAt.toISOString(),
    paidAt: row.a.paidAt?.toISOString() ?? null,
    visaTypeName: row.visaTypeName,
    processingName: row.processingName,
    visaTypeId: row.a.visaTypeId,
    processingOptionId: row.a.processingOptionId,
    processingHours: row.a.processingHours,
    travelerCount: row.a.travelerCount,
    totalCents: row.a.totalCents,
  };
}

/**
 * A new intent for an order whose intent was cancelled (left unpaid for a day). The key is derived from the
 * cancelled intent, so two tabs resuming at once get the same new intent and the payment points at it once.
 */
async function renewIntent(
  ctx: ServiceContext,
  provider: CardPayments,
  payment: PaymentRow,
  application: ApplicationRow,
): Promise<ProviderIntent> {
  const intent = await provider.createIntent({
    amount: payment.amountCents,
    currency: payment.currency.toLowerCase(),
    idempotencyKey: `renew:${payment.id}:${payment.providerPaymentId}`,
    metadata: { visaType: application.visaTypeId, travelers: String(application.travelerCount) },
    receiptEmail: application.guestEmail ?? '',
  });
  await repo.replaceIntent(ctx.db, payment, intent);
  return intent;
}

/** Reopens an unpaid order of the signed-in user at checkout. */
export async function resumeCheckout({
  ctx,
  input,
  provider,
  user,
}: {
  ctx: ServiceContext;
  input: { applicationId: string };
  provider: CardPayments;
  user: UserRow;
}) {
  const row = UUID.test(input.applicationId)
    ? await repo.findOrderForCheckout(ctx.db, input.applicationId)
    : undefined;
  // A payment's secret goes to its payer only: staff, like anyone else, get the 404 of an unknown order.
  if (!row || row.a.userId !== user.id) throw notFound('application.notFound');
  if (row.a.status !== 'DRAFT') throw conflict('order.alreadyPaid');
  let intent = await provider.retrieveIntent(row.p.providerPaymentId);
  if (!intent) throw new AppError(ErrorCode.PROVIDER, 'payment.paymentFailed');
  if (intent.status === 'canceled') intent = await renewIntent(ctx, provider, row.p, row.a);
  const travelers = await repo.travelerNamesOf(ctx.db, row.a.id);
  return {
    applicationId: row.a.id,
    reference: row.a.reference,
    status: row.a.status,
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    provider: provider.name,
    publishableKey: provider.publishableKey,
    price: priceOf(row.a),
    visaTypeName: row.visaTypeName,
    visaTypeId: row.a.visaTypeId,
    travelers: travelers.map(({ firstName, lastName }) => ({ firstName, lastName })),
    nationality: travelers[0]?.nationality ?? row.a.countryCode,
    email: row.a.guestEmail ?? user.email,
  };
}

/** Applies the provider's view of an intent: its order is completed if the payment succeeded. */
async function settle(ctx: ServiceContext, provider: CardPayments, paymentIntentId: string) {
  const intent = await provider.retrieveIntent(paymentIntentId);
  if (!intent) throw notFound('payment.notFound');
  return settleSucceededIntent({ ctx, provider, input: intent });
}

/**
 * After the card payment: the browser asks the provider's view of the intent to be applied (unless its order is
 * completed already: the sandbox's own confirm, a webhook or reconciliation may have got there first). The order is
 * completed (once); the reply says who is now signed in. Only the browser that placed the order (`guestHash`),
 * and only into the account that paying created, is signed in (`signIn`); a signed-in owner stays so (`viewer`).
 */
export async function confirmPayment({
  ctx,
  input,
  provider,
  user,
  guestHash,
}: {
  ctx: ServiceContext;
  input: { paymentIntentId: string };
  provider: CardPayments;
  user: UserRow | null;
  guestHash: string | null;
}) {
  const done =
    (await completedPayment({
      ctx,
      provider: provider.name,
      paymentIntentId: input.paymentIntentId,
    })) ?? (await settle(ctx, provider, input.paymentIntentId));
  const viewer = user && user.id === done.user.id ? user : null;
  const signIn =
    !viewer &&
    done.application.createdUser &&
    guestHash &&
    done.application.guestSessionHash === guestHash &&
    !done.user.passwordHash
      ? done.user
      : null;
  return {
    application: await paidSummary({ ctx, input: { applicationId: done.application.id } }),
    viewer,
    signIn,
    signInLinkSent: done.signInLinkSent,
  };
}
