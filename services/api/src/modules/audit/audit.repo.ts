import { asc, eq } from 'drizzle-orm';
import {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditActorRole,
  type AuditDetails,
} from '@waypoint/contracts';
import type { Db, Tx } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { auditLog, users } from '../../db/schema';
import type { Caller } from '../../lib/context';

type Q = Db | Tx;

/** Who did it, and from where. */
export interface AuditActor {
  userId: string | null;
  role: AuditActorRole;
  ip?: string | null;
  userAgent?: string | null;
}

/** Waypoint itself (payment completion, reconciliation). */
export const SYSTEM: AuditActor = { userId: null, role: 'system' };

/** A signed-in account acting from a request. */
export const actorOf = (user: UserRow, caller?: Caller): AuditActor => ({
  userId: user.id,
  role: user.role,
  ip: caller?.ip ?? null,
  userAgent: caller?.userAgent ?? null,
});

type EntryOf<A extends AuditAction> = {
  action: A;
  actor: AuditActor;
  /** The thing the action is about (its kind comes from the catalogue); null for a list (an export). */
  entityId: string | null;
  /** The application whose history shows the entry. */
  applicationId?: string | null;
} & (AuditDetails[A] extends null ? { details?: null } : { details: AuditDetails[A] });

/** One entry of the catalogue (libs/contracts `AUDIT_ACTIONS`), with the details its action carries. */
export type AuditRecord = { [A in AuditAction]: EntryOf<A> }[AuditAction];

/**
 * The one writer of the audit log. Rows are only ever inserted, in the caller's transaction when there is one, so
 * an entry exists exactly when what it records does.
 */
export async function recordAudit(db: Q, entry: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actor.userId,
    actorRole: entry.actor.role,
    action: entry.action,
    entityType: AUDIT_ACTIONS[entry.action].entity,
    entityId: entry.entityId,
    applicationId: entry.applicationId ?? null,
    details: entry.details ?? null,
    ip: entry.actor.ip ?? null,
    userAgent: entry.actor.userAgent ?? null,
  });
}

/** An application's history, oldest first, with the e-mail of each account that acted. */
export async function historyOf(db: Q, applicationId: string) {
  return db
    .select({ log: auditLog, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(eq(auditLog.applicationId, applicationId))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}
