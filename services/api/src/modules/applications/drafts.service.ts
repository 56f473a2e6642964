import { and, eq, gt, sql } from 'drizzle-orm';
import { draftResumePath, type DraftData, type DraftSummary } from '@waypoint/contracts';
import { countries, drafts, visaTypes } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';

/** Unfinished applications are kept this long after their last save. */
const DRAFT_DAYS = 30;

export type DraftOwner = { userId: string } | { sessionHash: string };

const expiry = () => new Date(Date.now() + DRAFT_DAYS * 86_400_000);

type StoredPassport = NonNullable<DraftData['travelers'][number]['passport']> & {
  /** The passport number, encrypted like the travellers' (the clear `number` is then empty). */
  numberEncrypted?: string;
};

/** The draft as stored: passport numbers encrypted, as they are for paid applications' travellers. */
function toStored(ctx: ServiceContext, data: DraftData): DraftData {
  return {
    ...data,
    travelers: data.travelers.map((t) => {
      if (!t.passport?.number) return t;
      const passport: StoredPassport = {
        ...t.passport,
        number: '',
        numberEncrypted: ctx.encryption.encrypt(t.passport.number),
      };
      return { ...t, passport };
    }),
  };
}

/** The draft as its owner sees it. Drafts saved before numbers were encrypted still hold them in clear. */
function fromStored(ctx: ServiceContext, stored: DraftData): DraftData {
  return {
    ...stored,
    travelers: (stored.travelers ?? []).map((t) => {
      const { numberEncrypted, ...passport } = (t.passport ?? {}) as StoredPassport;
      if (!t.passport || numberEncrypted === undefined) return t;
      let number = '';
      try {
        number = ctx.encryption.decrypt(numberEncrypted);
      } catch {
        // Encrypted under a key this server no longer has: the traveller types the number again.
        ctx.log.warn('a saved draft holds a passport number this server cannot decrypt');
      }
      return { ...t, passport: { ...passport, number } };
    }),
  };
}

export async function saveDraft({
  ctx,
  owner,
  data,
}: {
  ctx: ServiceContext;
  owner: DraftOwner;
  data: DraftData;
}) {
  const values = {
    data: toStored(ctx, data),
    currentStep: data.currentStep,
    expiresAt: expiry(),
    updatedAt: sql`now()`,
  };
  // One statement: the upsert answers only what the reply needs (not the stored draft back).
  const saved = { id: drafts.id, updatedAt: drafts.updatedAt };
  const [row] =
    'userId' in owner
      ? await ctx.db
          .insert(drafts)
          .values({ userId: owner.userId, ...values })
          .onConflictDoUpdate({ target: drafts.userId, set: values })
          .returning(saved)
      : await ctx.db
          .insert(drafts)
          .values({ sessionKeyHash: owner.sessionHash, ...values })
          .onConflictDoUpdate({ target: drafts.sessionKeyHash, set: values })
          .returning(saved);
  return { sessionId: row!.id, savedAt: row!.updatedAt.toISOString() };
}

export async function loadDraft({ ctx, owners }: { ctx: ServiceContext; owners: DraftOwner[] }) {
  for (const owner of owners) {
    const where =
      'userId' in owner
        ? eq(drafts.userId, owner.userId)
        : eq(drafts.sessionKeyHash, owner.sessionHash);
    const row = (await ctx.db.select().from(drafts).where(where))[0];
    if (row && row.expiresAt.getTime() > Date.now()) {
      return { data: fromStored(ctx, row.data as DraftData), sessionId: row.id };
    }
  }
  return { data: null, sessionId: null };
}

/**
 * The signed-in traveller's own saved application, summed up for My orders (no passport data), or null. Only the
 * account's draft: a guest draft of this browser is offered by the wizard itself.
 */
export async function myDraftSummary({
  ctx,
  userId,
}: {
  ctx: ServiceContext;
  userId: string;
}): Promise<DraftSummary | null> {
  const [row] = await ctx.db
    .select({
      data: drafts.data,
      currentStep: drafts.currentStep,
      updatedAt: drafts.updatedAt,
      expiresAt: drafts.expiresAt,
    })
    .from(drafts)
    .where(and(eq(drafts.userId, userId), gt(drafts.expiresAt, sql`now()`)));
  if (!row) return null;
  const data = (row.data ?? {}) as Partial<DraftData>;
  const [visaType] = data.visaTypeId
    ? await ctx.db
        .select({ id: visaTypes.id, name: visaTypes.name })
        .from(visaTypes)
        .where(eq(visaTypes.id, data.visaTypeId))
    : [];
  const [country] = data.countryId
    ? await ctx.db
        .select({ id: countries.code, name: countries.name, flagEmoji: countries.flagEmoji })
        .from(countries)
        .where(eq(countries.code, data.countryId))
    : [];
  const travelers = Array.isArray(data.travelers) ? data.travelers : [];
  const step = Math.min(5, Math.max(1, Math.trunc(row.currentStep) || 1));
  return {
    savedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    currentStep: step,
    resumePath: draftResumePath(step),
    visaType: visaType ?? null,
    country: country ?? null,
    travelerCount: Math.max(1, travelers.length),
    travelerNames: travelers
      .map((t) => `${t.firstName ?? ''} ${t.lastName ?? ''}`.trim().replace(/\s+/g, ' '))
      .filter((name) => name !== ''),
  };
}

/** A paid order ends the wizard of whoever placed it. */
export async function clearDrafts(ctx: ServiceContext, owners: DraftOwner[]) {
  for (const owner of owners) {
    await ctx.db
      .delete(drafts)
      .where(
        'userId' in owner
          ? eq(drafts.userId, owner.userId)
          : eq(drafts.sessionKeyHash, owner.sessionHash),
      );
  }
}
