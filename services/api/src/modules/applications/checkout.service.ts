import { and, asc, eq, sql } from 'drizzle-orm';
import {
  normalisePassportNumber,
  orderTotalCents,
  PaymentText,
  penceToEuroCents,
  WizardText,
  type CreatePaymentIntentBody,
  type PriceBreakdown,
} from '@waypoint/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import {
  applications,
  auditLog,
  countries,
  countryVisaTypes,
  payments,
  processingOptions,
  travelers,
  users,
  visaTypes,
} from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import type { UserRow } from '../../plugins/session';
import { issueSignInLink } from '../auth/auth.service';
import { enqueueEmail } from '../notifications/outbox';
import { recordPaymentEvent, type PaymentEventRecord } from '../payments/payments.repo';
import type { PaymentEvent, PaymentProvider } from '../payments/provider';
import { getCurrentRate, normaliseRate } from '../reference/reference.service';

type OrderInput = z.output<typeof CreatePaymentIntentBody>;

export interface Priced {
  countryCode: string;
  visaType: typeof visaTypes.$inferSelect;
  option: typeof processingOptions.$inferSelect;
  price: PriceBreakdown;
}

/** Prices an order from the database only: (government fee + processing price) × travellers. */
export async function priceOrder(
  ctx: ServiceContext,
  input: {
    countryId: string;
    visaTypeId: string;
    processingOptionId: string;
    travelerCount: number;
  },
): Promise<Priced> {
  const country = (
    await ctx.db.select().from(countries).where(eq(countries.code, input.countryId))
  )[0];
  if (!country)
    throw badRequest(WizardText.precheckTrip, { countryId: WizardText.countryRequired });
  if (country.entryRule === 'NONE') {
    throw badRequest(country.ruleNote ?? WizardText.nothingNeeded, {
      countryId: country.ruleNote ?? WizardText.nothingNeeded,
    });
  }
  const allowed = await ctx.db
    .select({ visaType: visaTypes })
    .from(countryVisaTypes)
    .innerJoin(visaTypes, eq(visaTypes.id, countryVisaTypes.visaTypeId))
    .where(
      and(
        eq(countryVisaTypes.countryCode, country.code),
        eq(visaTypes.id, input.visaTypeId),
        eq(visaTypes.active, true),
      ),
    );
  const visaType = allowed[0]?.visaType;
  if (!visaType)
    throw badRequest(WizardText.precheckTrip, { visaTypeId: WizardText.visaTypeRequired });
  const option = (
    await ctx.db
      .select()
      .from(processingOptions)
      .where(
        and(
          eq(processingOptions.id, input.processingOptionId),
          eq(processingOptions.visaTypeId, visaType.id),
          eq(processingOptions.active, true),
        ),
      )
  )[0];
  if (!option)
    throw badRequest(WizardText.precheckProcessing, {
      processingOptionId: WizardText.processingRequired,
    });
  const rate = await getCurrentRate({ ctx });
  const governmentFeeCents = penceToEuroCents(visaType.governmentFeeGbpPence, rate.rate);
  const n = input.travelerCount;
  return {
    countryCode: country.code,
    visaType,
    option,
    price: {
      travelerCount: n,
      governmentFeeGbpPence: visaType.governmentFeeGbpPence,
      governmentFeeCents,
      exchangeRate: { rate: rate.rate, date: rate.date },
      processingFeeCents: option.priceCents,
      governmentTotalCents: governmentFeeCents * n,
      serviceTotalCents: option.priceCents * n,
      totalCents: orderTotalCents(governmentFeeCents, option.priceCents, n),
      currency: 'EUR',
    },
  };
}

function priceOf(a: typeof applications.$inferSelect): PriceBreakdown {
  return {
    travelerCount: a.travelerCount,
    governmentFeeGbpPence: a.governmentFeeGbpPence,
    governmentFeeCents: a.governmentFeeCents,
    exchangeRate: { rate: normaliseRate(a.exchangeRate), date: a.exchangeRateDate },
    processingFeeCents: a.processingFeeCents,
    governmentTotalCents: a.governmentFeeCents * a.travelerCount,
    serviceTotalCents: a.processingFeeCents * a.travelerCount,
    totalCents: a.totalCents,
    currency: 'EUR',
  };
}

export interface OrderCreated {
  application: typeof applications.$inferSelect;
  payment: typeof payments.$inferSelect;
  clientSecret: string;
}

/**
 * Creates the order (status DRAFT, with its travellers) and its payment, once per idempotency key: a double
 * click, a retry or two concurrent calls with the same key give the same order and the same payment intent.
 */
export async function createOrder({
  ctx,
  provider,
  input,
  user,
  guestHash,
  ip,
}: {
  ctx: ServiceContext;
  provider: PaymentProvider;
  input: OrderInput;
  user: UserRow | null;
  guestHash: string;
  ip: string;
}): Promise<OrderCreated & { price: PriceBreakdown }> {
  // The browser's random key alone decides (its first clicks may come before it has a guest cookie).
  const idempotencyKey = `order:${input.idempotencyKey}`;
  const existing = await findByIdempotencyKey(ctx, provider, idempotencyKey);
  if (existing) return existing;
  await consumeRateLimits(ctx.db, [
    { key: `payment-intent:ip:${ip}`, max: 30, windowSeconds: 3600 },
  ]);

  const priced = await priceOrder(ctx, {
    countryId: input.countryId!,
    visaTypeId: input.visaTypeId!,
    processingOptionId: input.processingOptionId!,
    travelerCount: input.travelers.length,
  });
  const lead = input.travelers[0]!;
  const email = (lead.email ?? '').trim().toLowerCase();
  // The provider keeps the same intent for the same key, so a retry after a crash here charges once.
  const intent = await provider.createIntent({
    amount: priced.price.totalCents,
    currency: 'eur',
    idempotencyKey,
    metadata: { visaType: priced.visaType.id, travelers: String(input.travelers.length) },
    receiptEmail: email,
  });

  const created = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${idempotencyKey}))`);
    const again = (
      await tx.select().from(payments).where(eq(payments.idempotencyKey, idempotencyKey))
    )[0];
    if (again) return null;
    const names = input.travelers.map((t) => `${t.firstName} ${t.lastName}`.toLowerCase());
    const [application] = await tx
      .insert(applications)
      .values({
        status: 'DRAFT',
        userId: user?.id ?? null,
        guestEmail: email,
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
        searchText: [email, user?.email ?? '', ...names].join(' '),
      })
      .returning();
    await tx.insert(travelers).values(
      input.travelers.map((t, i) => {
        const p = t.passport;
        const number = p && !p.addLater ? normalisePassportNumber(p.number) : '';
        return {
          applicationId: application!.id,
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
    );
    const [payment] = await tx
      .insert(payments)
      .values({
        applicationId: application!.id,
        provider: provider.name,
        providerPaymentId: intent.id,
        idempotencyKey,
        amountCents: priced.price.totalCents,
        currency: 'EUR',
        status: intent.status,
      })
      .returning();
    await tx.insert(auditLog).values({
      actorUserId: user?.id ?? null,
      actorRole: user ? user.role : 'guest',
      action: 'application.created',
      entityType: 'application',
      entityId: application!.id,
      applicationId: application!.id,
      details: { totalCents: priced.price.totalCents, travelers: input.travelers.length },
      ip,
    });
    return { application: application!, payment: payment! };
  });
  if (!created) return (await findByIdempotencyKey(ctx, provider, idempotencyKey))!;
  return { ...created, clientSecret: intent.clientSecret, price: priced.price };
}

async function findByIdempotencyKey(ctx: ServiceContext, provider: PaymentProvider, key: string) {
  const row = (
    await ctx.db
      .select({ payment: payments, application: applications })
      .from(payments)
      .innerJoin(applications, eq(applications.id, payments.applicationId))
      .where(eq(payments.idempotencyKey, key))
  )[0];
  if (!row) return null;
  const intent = await provider.retrieveIntent(row.payment.providerPaymentId);
  if (!intent) throw new AppError(502, 'PROVIDER', PaymentText.paymentFailed);
  return { ...row, clientSecret: intent.clientSecret, price: priceOf(row.application) };
}

export interface CompletionOptions {
  /** Who noticed the payment succeeded: the browser's confirm call, a provider webhook, or reconciliation. */
  via: 'confirm' | 'webhook' | 'reconciliation';
  /** The provider event to record once, with the completion. */
  event?: PaymentEventRecord;
}

export interface Completion {
  application: typeof applications.$inferSelect;
  /** The account of the order's e-mail. */
  user: UserRow;
  /** True the first time the order is completed (false for a repeat confirm or webhook). */
  justPaid: boolean;
  /** True when the e-mail already had an account and a sign-in link was e-mailed to it. */
  signInLinkSent: boolean;
}

/**
 * Marks an order paid once its provider says the payment succeeded with the right amount and currency.
 * Idempotent: confirm and webhook may both arrive, in any order, any number of times.
 */
export async function completePayment(
  ctx: ServiceContext,
  event: Pick<PaymentEvent, 'paymentIntentId' | 'status' | 'amount' | 'currency'>,
  providerName: 'sandbox' | 'stripe',
  options: CompletionOptions = { via: 'confirm' },
): Promise<Completion> {
  if (event.status !== 'succeeded') throw conflict(PaymentText.notCompleted(event.status));
  const result = await ctx.db.transaction(async (tx) => {
    // A provider event is recorded in the same transaction as the order's completion: after a crash at any
    // point either both exist or neither, and a redelivery completes the order.
    if (options.event) await recordPaymentEvent(tx as Tx, providerName, options.event);
    const row = (
      await tx
        .select({ payment: payments, application: applications })
        .from(payments)
        .innerJoin(applications, eq(applications.id, payments.applicationId))
        .where(
          and(
            eq(payments.provider, providerName),
            eq(payments.providerPaymentId, event.paymentIntentId),
          ),
        )
        .for('update')
    )[0];
    if (!row) throw notFound('No such payment');
    if (
      event.amount !== row.payment.amountCents ||
      event.currency.toLowerCase() !== row.payment.currency.toLowerCase()
    ) {
      throw conflict('The payment does not match the order. Please contact support.');
    }
    const email = row.application.guestEmail!;
    if (row.application.paidAt) {
      const owner = (
        await tx.select().from(users).where(eq(users.id, row.application.userId!))
      )[0]!;
      const [paid] = await tx
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.applicationId, row.application.id),
            eq(auditLog.action, 'application.paid'),
          ),
        );
      const signInLinkSent = Boolean(
        (paid?.details as { signInLinkSent?: boolean } | null)?.signInLinkSent,
      );
      return { application: row.application, user: owner, justPaid: false, signInLinkSent };
    }
    await tx
      .update(payments)
      .set({
        status: 'succeeded',
        providerStatus: 'succeeded',
        succeededAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, row.payment.id));
    // The order belongs to the account of traveller 1's e-mail: a new one is created when there is none.
    let owner = (await tx.select().from(users).where(eq(users.email, email)))[0];
    let createdUser = false;
    if (!owner) {
      [owner] = await tx
        .insert(users)
        .values({ email, firstName: null, lastName: null })
        .returning();
      createdUser = true;
    }
    const lead = await tx
      .select()
      .from(travelers)
      .where(eq(travelers.applicationId, row.application.id))
      .orderBy(asc(travelers.position));
    if (createdUser && lead[0]) {
      [owner] = await tx
        .update(users)
        .set({ firstName: lead[0].firstName, lastName: lead[0].lastName })
        .where(eq(users.id, owner!.id))
        .returning();
    }
    const [application] = await tx
      .update(applications)
      .set({
        status: 'IN_PROGRESS',
        paidAt: sql`now()`,
        userId: owner!.id,
        createdUser,
        searchText: sql`${applications.searchText} || ' ' || lower(${[owner!.email, owner!.firstName ?? '', owner!.lastName ?? ''].join(' ')})`,
        updatedAt: sql`now()`,
        version: sql`${applications.version} + 1`,
      })
      .where(eq(applications.id, row.application.id))
      .returning();
    const option = (
      await tx
        .select()
        .from(processingOptions)
        .where(eq(processingOptions.id, application!.processingOptionId))
    )[0]!;
    const visaType = (
      await tx.select().from(visaTypes).where(eq(visaTypes.id, application!.visaTypeId))
    )[0]!;
    await enqueueEmail(tx, email, {
      template: 'payment-confirmation',
      payload: {
        firstName: lead[0]?.firstName ?? null,
        applicationId: application!.id,
        reference: application!.reference,
        visaTypeName: visaType.name,
        travelers: lead.map((t) => `${t.firstName} ${t.lastName}`),
        totalCents: application!.totalCents,
        processingName: option.name,
        processingHours: option.hours,
      },
    });
    // An existing account is never signed in by paying: its owner gets a sign-in link instead
    // (unless the order was placed while signed in to that very account).
    const signInLinkSent = !createdUser && row.application.userId !== owner!.id;
    await tx.insert(auditLog).values({
      actorUserId: null,
      actorRole: 'system',
      action: 'application.paid',
      entityType: 'application',
      entityId: application!.id,
      applicationId: application!.id,
      details: {
        provider: providerName,
        via: options.via,
        paymentIntentId: event.paymentIntentId,
        amountCents: event.amount,
        createdUser,
        signInLinkSent,
      },
    });
    if (signInLinkSent) await issueSignInLink(tx as Tx, owner!);
    return { application: application!, user: owner!, justPaid: true, signInLinkSent };
  });
  ctx.pokeOutbox();
  return result;
}

/** The paid order's details for the success page. */
export async function paidSummary(ctx: ServiceContext, applicationId: string) {
  const row = (
    await ctx.db
      .select({
        a: applications,
        visaTypeName: visaTypes.name,
        processingName: processingOptions.name,
      })
      .from(applications)
      .innerJoin(visaTypes, eq(visaTypes.id, applications.visaTypeId))
      .innerJoin(processingOptions, eq(processingOptions.id, applications.processingOptionId))
      .where(eq(applications.id, applicationId))
  )[0]!;
  return {
    id: row.a.id,
    reference: row.a.reference,
    status: row.a.status,
    createdAt: row.a.createdAt.toISOString(),
    paidAt: row.a.paidAt?.toISOString() ?? null,
    visaTypeName: row.visaTypeName,
    processingName: row.processingName,
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
  provider: PaymentProvider,
  payment: typeof payments.$inferSelect,
  application: typeof applications.$inferSelect,
) {
  const intent = await provider.createIntent({
    amount: payment.amountCents,
    currency: 'eur',
    idempotencyKey: `renew:${payment.id}:${payment.providerPaymentId}`,
    metadata: { visaType: application.visaTypeId, travelers: String(application.travelerCount) },
    receiptEmail: application.guestEmail ?? '',
  });
  await ctx.db
    .update(payments)
    .set({
      providerPaymentId: intent.id,
      status: intent.status,
      providerStatus: intent.status,
      nextCheckAt: null,
      checks: 0,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(payments.id, payment.id), eq(payments.providerPaymentId, payment.providerPaymentId)),
    );
  return intent;
}

/** Reopens an unpaid order of the signed-in user at checkout. */
export async function checkoutOrder(
  ctx: ServiceContext,
  provider: PaymentProvider,
  user: UserRow,
  applicationId: string,
) {
  if (!/^[0-9a-f-]{36}$/.test(applicationId)) throw notFound('No such application');
  const row = (
    await ctx.db
      .select({ a: applications, p: payments, visaTypeName: visaTypes.name })
      .from(applications)
      .innerJoin(payments, eq(payments.applicationId, applications.id))
      .innerJoin(visaTypes, eq(visaTypes.id, applications.visaTypeId))
      .where(eq(applications.id, applicationId))
  )[0];
  if (!row || (row.a.userId !== user.id && user.role !== 'admin'))
    throw notFound('No such application');
  if (row.a.status !== 'DRAFT') throw conflict('This order is already paid.');
  let intent = await provider.retrieveIntent(row.p.providerPaymentId);
  if (!intent) throw new AppError(502, 'PROVIDER', PaymentText.paymentFailed);
  if (intent.status === 'canceled') intent = await renewIntent(ctx, provider, row.p, row.a);
  const people = await ctx.db
    .select({ firstName: travelers.firstName, lastName: travelers.lastName })
    .from(travelers)
    .where(eq(travelers.applicationId, row.a.id))
    .orderBy(asc(travelers.position));
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
    travelers: people,
    email: row.a.guestEmail ?? user.email,
  };
}
