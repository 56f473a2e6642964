import { draftResumePath, type DraftData, type DraftSummary } from '@waypoint/contracts';
import type { ServiceContext } from '../../lib/context';
import * as repo from './drafts.repo';
import type { DraftOwner } from './drafts.repo';
import { deleteExpiredLinks } from './draft-return.repo';

/** Unfinished applications are kept this long after their last save. */
const DRAFT_DAYS = 30;

export type { DraftOwner };

/** When a draft saved (or brought to a browser) now is deleted. */
export const draftExpiry = () => new Date(Date.now() + DRAFT_DAYS * 86_400_000);

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
export function fromStored(ctx: ServiceContext, stored: DraftData): DraftData {
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
  input,
}: {
  ctx: ServiceContext;
  input: { owner: DraftOwner; data: DraftData };
}) {
  const row = await repo.upsertDraft(ctx.db, input.owner, {
    data: toStored(ctx, input.data),
    currentStep: input.data.currentStep,
    expiresAt: draftExpiry(),
  });
  return { sessionId: row.id, savedAt: row.updatedAt.toISOString() };
}

/** The first live draft among its possible owners (the signed-in user's, then the browser's). */
export async function loadDraft({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { owners: DraftOwner[] };
}) {
  for (const owner of input.owners) {
    const row = await repo.findDraft(ctx.db, owner);
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
  input,
}: {
  ctx: ServiceContext;
  input: { userId: string };
}): Promise<DraftSummary | null> {
  const row = await repo.findLiveDraftOfUser(ctx.db, input.userId);
  if (!row) return null;
  const data = (row.data ?? {}) as Partial<DraftData>;
  const visaType = data.visaTypeId ? await repo.findVisaTypeName(ctx.db, data.visaTypeId) : null;
  const country = data.countryId ? await repo.findCountryName(ctx.db, data.countryId) : null;
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
export async function clearDrafts({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { owners: DraftOwner[] };
}) {
  await repo.deleteDrafts(ctx.db, input.owners);
}

/**
 * Unfinished applications are deleted once they expire, `DRAFT_DAYS` after their last save (their return links with
 * them), and return links once theirs is up.
 */
export async function pruneDrafts({ ctx }: { ctx: Pick<ServiceContext, 'db'> }) {
  const drafts = await repo.deleteExpiredDrafts(ctx.db);
  await deleteExpiredLinks(ctx.db);
  return drafts;
}
