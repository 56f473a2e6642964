import { DRAFT_RETURN_LINK_DAYS, type DraftData } from '@waypoint/contracts';
import type { Caller, ServiceContext } from '../../lib/context';
import { gone, notFound } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import { hashToken, randomToken } from '../../lib/tokens';
import { queueEmail } from '../notifications/outbox.service';
import * as repo from './draft-return.repo';
import { draftExpiry, fromStored, loadDraft, type DraftOwner } from './drafts.service';

/**
 * Save and come back later. A saved application belongs to the browser that saved it (and to the account, when
 * signed in); a return link brings it to another browser. The link is e-mailed on request, holds 256 random bits
 * (only their SHA-256 is stored), works once and for `DRAFT_RETURN_LINK_DAYS` days; a newer link to the same
 * application replaces the older ones.
 */

const HOUR = 3600;

/**
 * E-mails a return link to the caller's saved application, in the visit's language. 404 when there is none (the
 * page saves the wizard first). Limited like the other e-mails anyone can ask for: per address and per IP.
 */
export async function requestReturnLink({
  ctx,
  input,
  caller,
}: {
  ctx: ServiceContext;
  input: { owners: DraftOwner[]; email: string };
  caller: Caller;
}) {
  await consumeRateLimits(ctx.rateLimits, [
    { key: `draft-return-link:ip:${caller.ip}`, max: 20, windowSeconds: HOUR },
    { key: `draft-return-link:email:${input.email}`, max: 5, windowSeconds: HOUR },
  ]);
  const { sessionId: draftId } = await loadDraft({ ctx, input: { owners: input.owners } });
  if (!draftId) throw notFound('draftReturn.noDraft');
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + DRAFT_RETURN_LINK_DAYS * 24 * HOUR * 1000);
  await ctx.db.transaction(async (tx) => {
    await repo.retireOpenLinks(tx, draftId);
    await repo.insertLink(tx, {
      draftId,
      tokenHash: hashToken(token),
      email: input.email,
      expiresAt,
    });
    await queueEmail({
      tx,
      input: {
        to: input.email,
        message: {
          template: 'draft-return-link',
          payload: { token, expiresAt: expiresAt.toISOString() },
        },
        locale: caller.locale ?? null,
      },
    });
  });
  ctx.pokeJobs('email');
  return { sent: true as const, email: input.email, expiresAt: expiresAt.toISOString() };
}

/**
 * Follows a return link: the saved application becomes this browser's (`sessionHash`) and, when signed in, the
 * account's (`userId`), and is answered as `session-data` answers it. The link is used up in the same transaction,
 * so of two claims at once exactly one succeeds. 404 for a link that does not exist, 410 for one used or expired.
 */
export async function claimReturnLink({
  ctx,
  input,
  caller,
}: {
  ctx: ServiceContext;
  input: { token: string; sessionHash: string; userId: string | null };
  caller: Caller;
}) {
  await consumeRateLimits(ctx.rateLimits, [
    { key: `draft-return:ip:${caller.ip}`, max: 30, windowSeconds: 600 },
  ]);
  const tokenHash = hashToken(input.token);
  const claimed = await ctx.db.transaction(async (tx) => {
    const link = await repo.consumeLink(tx, tokenHash);
    if (!link) return null;
    const draft = await repo.lockDraft(tx, link.draftId);
    // A draft past its own expiry is as good as deleted: the link expired with it.
    if (!draft || draft.expiresAt.getTime() <= Date.now()) throw gone('draftReturn.linkExpired');
    return repo.moveDraft(
      tx,
      draft.id,
      { sessionHash: input.sessionHash, userId: input.userId },
      draftExpiry(),
    );
  });
  if (!claimed) {
    const link = await repo.findLink(ctx.db, tokenHash);
    if (!link) throw notFound('draftReturn.linkNotFound');
    if (link.usedAt) throw gone('draftReturn.linkUsed');
    throw gone('draftReturn.linkExpired');
  }
  return { data: fromStored(ctx, claimed.data as DraftData), sessionId: claimed.id };
}
