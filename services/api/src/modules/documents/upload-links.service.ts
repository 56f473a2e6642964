import crypto from 'node:crypto';
import type { UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { consumeRateLimits } from '../../lib/rate-limit';
import type { DocumentKind } from './image-checks';
import { actorOf, recordAudit } from '../audit/audit.repo';
import * as repo from './upload-links.repo';

/** How long a phone upload link works. */
export const UPLOAD_LINK_MINUTES = 30;

/** A link's id: 16 random bytes, base64url (22 characters). Only its SHA-256 is stored. */
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Issues a link for uploading one document of one traveller from a phone. Only the newest link of a traveller's
 * document works: the ones issued before it (another tab, an earlier code) are revoked in the same transaction.
 */
export async function createUploadLink({
  ctx,
  input,
  user,
  caller,
}: {
  ctx: ServiceContext;
  input: { applicationId: string; travelerId: string; kind: DocumentKind };
  user: UserRow;
  caller: Caller;
}) {
  await consumeRateLimits(ctx.rateLimits, [
    { key: `upload-link:user:${user.id}`, max: 30, windowSeconds: 10 * 60 },
  ]);
  const token = crypto.randomBytes(16).toString('base64url');
  const expiresAt = new Date(Date.now() + UPLOAD_LINK_MINUTES * 60_000);
  const linkId = await ctx.db.transaction(async (tx) => {
    await repo.revokeOpenLinks(tx, { travelerId: input.travelerId, kind: input.kind });
    const link = await repo.insertLink(tx, {
      tokenHash: hashToken(token),
      applicationId: input.applicationId,
      travelerId: input.travelerId,
      kind: input.kind,
      createdBy: user.id,
      expiresAt,
    });
    await recordAudit(tx, {
      action: 'upload_link.created',
      actor: actorOf(user, caller),
      entityId: link.id,
      applicationId: input.applicationId,
      details: { kind: input.kind, travelerId: input.travelerId },
    });
    return link.id;
  });
  return { linkId, token, expiresAt };
}

/**
 * Closes one link before it expires (the computer's upload page was left, so its code is no longer shown).
 * Audited; closing a link that is already used, expired or revoked changes nothing.
 */
export async function revokeUploadLink({
  ctx,
  input,
  user,
  caller,
}: {
  ctx: ServiceContext;
  input: { applicationId: string; linkId: string };
  user: UserRow;
  caller: Caller;
}): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const link = await repo.revokeLink(tx, {
      applicationId: input.applicationId,
      linkId: input.linkId,
    });
    if (!link) return 0;
    await recordAudit(tx, {
      action: 'upload_link.revoked',
      actor: actorOf(user, caller),
      entityId: link.id,
      applicationId: input.applicationId,
      details: { kind: link.kind, travelerId: link.travelerId },
    });
    return 1;
  });
}

export type OpenLink = NonNullable<Awaited<ReturnType<typeof repo.findLinkByHash>>>;

/** The link behind a phone's URL when it can still take its upload; otherwise a 404 or 409 that says why. */
export async function openUploadLink({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { token: string };
}): Promise<OpenLink> {
  const found = TOKEN.test(input.token)
    ? await repo.findLinkByHash(ctx.db, hashToken(input.token))
    : undefined;
  if (!found) throw notFound('uploadLink.invalid');
  if (
    found.application.status !== 'IN_PROGRESS' &&
    found.application.status !== 'CHANGES_REQUESTED'
  )
    throw notFound('uploadLink.closed');
  if (found.link.usedAt) throw conflict('uploadLink.used');
  if (found.link.revokedAt) throw notFound('uploadLink.revoked');
  if (found.link.expiresAt.getTime() <= Date.now()) throw notFound('uploadLink.expired');
  return found;
}

/** Takes the link's one upload; a second upload through the same link is refused with 409. */
export async function claimUploadLink({ ctx, input }: { ctx: ServiceContext; input: OpenLink }) {
  if (!(await repo.claimLink(ctx.db, input.link.id))) {
    throw conflict('uploadLink.used');
  }
}

/** Gives the link back when its upload was refused before anything was stored (wrong type, unreadable…). */
export async function releaseUploadLink({ ctx, input }: { ctx: ServiceContext; input: OpenLink }) {
  await repo.unclaimLink(ctx.db, input.link.id);
}

export async function pruneUploadLinks({ ctx }: { ctx: Pick<ServiceContext, 'db'> }) {
  await repo.deleteExpiredLinks(ctx.db);
}
