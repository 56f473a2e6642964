import { asc, desc, eq, inArray } from 'drizzle-orm';
import { resumePath, travelerCountSummary, viewPath, type OrderSummary } from '@waypoint/contracts';
import { applications, countries, travelers, visaTypes } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The signed-in traveller's orders, newest first. */
export async function listMyApplications({
  ctx,
  userId,
}: {
  ctx: ServiceContext;
  userId: string;
}): Promise<OrderSummary[]> {
  const rows = await ctx.db
    .select({
      a: applications,
      visaType: { id: visaTypes.id, name: visaTypes.name },
      country: countries,
    })
    .from(applications)
    .innerJoin(visaTypes, eq(visaTypes.id, applications.visaTypeId))
    .innerJoin(countries, eq(countries.code, applications.countryCode))
    .where(eq(applications.userId, userId))
    .orderBy(desc(applications.createdAt))
    .limit(500);
  // Dates of birth per order, for '2 adults, 1 child' (ages on the arrival date, or today).
  const births = new Map<string, string[]>();
  if (rows.length > 0) {
    const people = await ctx.db
      .select({ applicationId: travelers.applicationId, dateOfBirth: travelers.dateOfBirth })
      .from(travelers)
      .where(
        inArray(
          travelers.applicationId,
          rows.map(({ a }) => a.id),
        ),
      )
      .orderBy(asc(travelers.position));
    for (const person of people)
      births.set(person.applicationId, [
        ...(births.get(person.applicationId) ?? []),
        person.dateOfBirth,
      ]);
  }
  return rows.map(({ a, visaType, country }) => ({
    id: a.id,
    reference: a.reference,
    status: a.status,
    createdAt: a.createdAt.toISOString(),
    paidAt: iso(a.paidAt),
    submittedAt: iso(a.submittedAt),
    decidedAt: iso(a.decidedAt),
    decisionReason: a.status === 'REJECTED' ? a.decisionReason : null,
    totalCents: a.totalCents,
    currency: 'EUR' as const,
    travelerCount: a.travelerCount,
    travelerSummary: travelerCountSummary(births.get(a.id) ?? [], a.arrivalDate),
    visaType,
    country: { id: country.code, name: country.name, flagEmoji: country.flagEmoji },
    resumePath: resumePath(a.status, a.id),
    viewPath: viewPath(a.status, a.id),
  }));
}
