import type { Locale } from '@waypoint/contracts';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { ApplicationRow, PaidCard, PaymentRow, UserRow } from '../../db/rows';
import {
  applications,
  countries,
  countryVisaTypes,
  payments,
  processingOptions,
  travelers,
  users,
  visaTypes,
} from '../../db/schema';
import type { ProviderIntent } from './card-payments';

type Q = Db | Tx;

/** The payment of a provider's intent. */
const paymentOfIntent = (provider: 'sandbox' | 'stripe', providerPaymentId: string) =>
  and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId));

export type NewApplication = typeof applications.$inferInsert;
export type NewTraveler = Omit<typeof travelers.$inferInsert, 'applicationId'>;
export type NewPayment = Omit<typeof payments.$inferInsert, 'applicationId'>;

// Pricing

/**
 * What an order asks for, in one read: the nationality's country, the visa type if it is active and offered to that
 * nationality, and the processing option if it is an active option of that visa type (each null otherwise).
 */
export async function findOffer(
  db: Q,
  input: { countryCode: string; visaTypeId: string; processingOptionId: string },
) {
  const [row] = await db
    .select({ country: countries, visaType: visaTypes, option: processingOptions })
    .from(countries)
    .leftJoin(
      countryVisaTypes,
      and(
        eq(countryVisaTypes.countryCode, countries.code),
        eq(countryVisaTypes.visaTypeId, input.visaTypeId),
      ),
    )
    .leftJoin(
      visaTypes,
      and(eq(visaTypes.id, countryVisaTypes.visaTypeId), eq(visaTypes.active, true)),
    )
    .leftJoin(
      processingOptions,
      and(
        eq(processingOptions.visaTypeId, visaTypes.id),
        eq(processingOptions.id, input.processingOptionId),
        eq(processingOptions.active, true),
      ),
    )
    .where(eq(countries.code, input.countryCode));
  return row;
}

// Orders

/** The order and payment created with an idempotency key, if any. */
export async function findOrderByIdempotencyKey(db: Q, key: string) {
  const [row] = await db
    .select({ payment: payments, application: applications })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .where(eq(payments.idempotencyKey, key));
  return row;
}

/** Holds the key until the transaction ends, so two requests with the same key write one order. */
export async function lockIdempotencyKey(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Writes an order (status DRAFT), its travellers and its payment. */
export async function insertOrder(
  tx: Tx,
  order: { application: NewApplication; travelers: NewTraveler[]; payment: NewPayment },
): Promise<{ application: ApplicationRow; payment: PaymentRow }> {
  const [application] = await tx.insert(applications).values(order.application).returning();
  await tx
    .insert(travelers)
    .values(order.travelers.map((t) => ({ ...t, applicationId: application!.id })));
  const [payment] = await tx
    .insert(payments)
    .values({ ...order.payment, applicationId: application!.id })
    .returning();
  return { application: application!, payment: payment! };
}

/** An order with its payment and visa type name, to reopen it at checkout. */
export async function findOrderForCheckout(db: Q, applicationId: string) {
  const [row] = await db
    .select({ a: applications, p: payments, visaTypeName: visaTypes.name })
    .from(applications)
    .innerJoin(payments, eq(payments.applicationId, applications.id))
    .innerJoin(visaTypes, eq(visaTypes.id, applications.visaTypeId))
    .where(eq(applications.id, applicationId));
  return row;
}

export async function travelerNamesOf(db: Q, applicationId: string) {
  return db
    .select({
      firstName: travelers.firstName,
      lastName: travelers.lastName,
      nationality: travelers.passportNationality,
    })
    .from(travelers)
    .where(eq(travelers.applicationId, applicationId))
    .orderBy(asc(travelers.position));
}

/**
 * Schedules reconciliation's next look at an unsettled payment for `graceSeconds` from now, with its back-off
 * started again (and notes what the provider said, when given): if the process dies before the order is completed,
 * reconciliation completes it then.
 */
export async function noteProviderStatus(
  db: Db,
  provider: 'sandbox' | 'stripe',
  providerPaymentId: string,
  status: string | null,
  graceSeconds: number,
): Promise<void> {
  await db
    .update(payments)
    .set({
      ...(status !== null ? { providerStatus: status } : {}),
      nextCheckAt: sql`now() + make_interval(secs => ${graceSeconds})`,
      checks: 0,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        paymentOfIntent(provider, providerPaymentId),
        notInArray(payments.status, ['succeeded', 'canceled']),
      ),
    );
}

/** Points a payment at a new provider intent, if it still points at the one it replaces. */
export async function replaceIntent(db: Q, payment: PaymentRow, intent: ProviderIntent) {
  await db
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
}

/** The paid order with the names of its visa type and processing option. */
export async function findOrderSummary(db: Q, applicationId: string) {
  const [row] = await db
    .select({
      a: applications,
      visaTypeName: visaTypes.name,
      processingName: processingOptions.name,
    })
    .from(applications)
    .innerJoin(visaTypes, eq(visaTypes.id, applications.visaTypeId))
    .innerJoin(processingOptions, eq(processingOptions.id, applications.processingOptionId))
    .where(eq(applications.id, applicationId));
  return row!;
}

// Payment completion

/** A provider's payment with its order and the order's account (none before it is paid), without a lock. */
export async function findPaymentWithOrder(
  db: Q,
  provider: 'sandbox' | 'stripe',
  providerPaymentId: string,
) {
  const [row] = await db
    .select({ payment: payments, application: applications, owner: users })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .leftJoin(users, eq(users.id, applications.userId))
    .where(paymentOfIntent(provider, providerPaymentId));
  return row;
}

/** A provider's payment with its order, locked until the transaction ends. */
export async function lockPaymentWithOrder(
  tx: Tx,
  provider: 'sandbox' | 'stripe',
  providerPaymentId: string,
) {
  const [row] = await tx
    .select({ payment: payments, application: applications })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .where(paymentOfIntent(provider, providerPaymentId))
    .for('update');
  return row;
}

/** The payment succeeded, with the card that paid when the provider reported it (for the receipt). */
export async function markPaymentSucceeded(tx: Tx, paymentId: string, card: PaidCard | null) {
  await tx
    .update(payments)
    .set({
      status: 'succeeded',
      providerStatus: 'succeeded',
      succeededAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}),
    })
    .where(eq(payments.id, paymentId));
}

// Account linking

export async function findAccount(db: Q, where: { id: string } | { email: string }) {
  const [row] = await db
    .select()
    .from(users)
    .where('id' in where ? eq(users.id, where.id) : eq(users.email, where.email));
  return row;
}

/**
 * A new account for an order's e-mail, named after its lead traveller, with their nationality (no password: it
 * signs in by link).
 */
export async function createAccount(
  tx: Tx,
  values: {
    email: string;
    firstName: string | null;
    lastName: string | null;
    nationality: string | null;
    locale: Locale;
  },
): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row!;
}

/** Fills the profile fields an account left empty (names, nationality); those it has are kept. */
export async function fillEmptyProfile(
  tx: Tx,
  userId: string,
  values: { firstName: string | null; lastName: string | null; nationality: string | null },
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({
      firstName: sql`coalesce(nullif(${users.firstName}, ''), ${values.firstName})`,
      lastName: sql`coalesce(nullif(${users.lastName}, ''), ${values.lastName})`,
      nationality: sql`coalesce(${users.nationality}, ${values.nationality})`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** Gives an order to an account, adding the account's e-mail and names to the order's search text. */
export async function linkOrderToAccount(
  tx: Tx,
  applicationId: string,
  owner: UserRow,
  createdUser: boolean,
  signInLinkSent: boolean,
): Promise<ApplicationRow> {
  const words = [owner.email, owner.firstName ?? '', owner.lastName ?? ''].join(' ');
  const [row] = await tx
    .update(applications)
    .set({
      userId: owner.id,
      createdUser,
      signInLinkSent,
      searchText: sql`${applications.searchText} || ' ' || lower(${words})`,
      updatedAt: sql`now()`,
    })
    .where(eq(applications.id, applicationId))
    .returning();
  return row!;
}
