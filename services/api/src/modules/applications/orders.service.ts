import { desc, eq } from 'drizzle-orm';
import { resumePath, viewPath, type OrderSummary } from '@waypoint/contracts';
import { applications, countries, visaTypes } from '../../db/schema';
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
    visaType,
    country: { id: country.code, name: country.name, flagEmoji: country.flagEmoji },
    resumePath: resumePath(a.status, a.id),
    viewPath: viewPath(a.status, a.id),
  }));
}
