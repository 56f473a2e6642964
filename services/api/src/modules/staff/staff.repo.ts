import type { Locale } from '@waypoint/contracts';
import { aliasedTable, and, asc, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { StaffRole, UserRow } from '../../db/rows';
import { recoveryCodes, staffInvitations, users } from '../../db/schema';
import { STAFF_ROLES } from '../../lib/roles';

type Q = Db | Tx;

/** An account that can reach the staff area: staff, not deleted, not deactivated. */
const activeStaff = and(
  inArray(users.role, [...STAFF_ROLES]),
  isNull(users.deletedAt),
  isNull(users.deactivatedAt),
);

const activeAdmins = and(
  eq(users.role, 'admin'),
  isNull(users.deletedAt),
  isNull(users.deactivatedAt),
);

/** Other active admin accounts (neither deleted nor deactivated) than this one. */
export async function otherActiveAdmins(db: Q, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(activeAdmins, ne(users.id, userId)));
  return Number(row?.n ?? 0);
}

/**
 * The active admin accounts, locked until the transaction ends, in one order: two changes that could each leave
 * no admin (two admins deleting their accounts, demoting or deactivating each other) wait for each other, and the
 * second sees the first one's result (an account demoted or deactivated meanwhile is no longer in the list).
 */
export async function lockActiveAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(activeAdmins)
    .orderBy(asc(users.id))
    // Not FOR UPDATE: rows that only reference an admin (their audit entries, sessions) must not wait on it.
    .for('no key update');
  return rows.map((r) => r.id);
}

/** Whether the account of this address is an active member of staff. */
export async function isActiveStaffAddress(db: Q, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), activeStaff));
  return Boolean(row);
}

/** Every staff account (active or deactivated, not deleted), by name. */
export function staffAccounts(db: Q) {
  return db
    .select()
    .from(users)
    .where(and(inArray(users.role, [...STAFF_ROLES]), isNull(users.deletedAt)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
}

/** A staff account (not deleted), locked until the transaction ends when `lock` is set. */
export async function findStaffAccount(
  db: Q,
  id: string,
  options: { lock?: boolean } = {},
): Promise<UserRow | undefined> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, [...STAFF_ROLES]), isNull(users.deletedAt)));
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row;
}

export async function setRole(tx: Tx, id: string, role: StaffRole): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** Deactivates (a date) or reactivates (null) an account. */
export async function setDeactivated(tx: Tx, id: string, at: 'now' | null): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ deactivatedAt: at === 'now' ? sql`now()` : null, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** Removes the authenticator app (secret, set-up, last step) and the recovery codes of an account. */
export async function clearSecondFactor(tx: Tx, id: string): Promise<UserRow> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
  const [row] = await tx
    .update(users)
    .set({
      totpSecretEncrypted: null,
      totpEnabledAt: null,
      totpLastStep: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

// Invitations

/** Holds, until the transaction ends, the right to change the invitations of an address (one change at a time). */
export async function lockInvitationsOf(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-invitation:${email}`}))`);
}

/** Withdraws the open invitations of an address; returns them. */
export function revokeOpenInvitationsOf(tx: Tx, email: string) {
  return tx
    .update(staffInvitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(staffInvitations.email, email),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
      ),
    )
    .returning();
}

export async function insertInvitation(
  tx: Tx,
  values: {
    email: string;
    role: StaffRole;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
) {
  const [row] = await tx.insert(staffInvitations).values(values).returning();
  return row!;
}

/** An invitation by the hash of its token, locked until the transaction ends when `lock` is set. */
export async function findInvitationByTokenHash(
  db: Q,
  tokenHash: string,
  options: { lock?: boolean } = {},
) {
  const query = db.select().from(staffInvitations).where(eq(staffInvitations.tokenHash, tokenHash));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function lockInvitation(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.id, id))
    .for('update');
  return row;
}

export async function markInvitationAccepted(tx: Tx, id: string) {
  await tx
    .update(staffInvitations)
    .set({ acceptedAt: sql`now()` })
    .where(eq(staffInvitations.id, id));
}

export async function markInvitationRevoked(tx: Tx, id: string) {
  await tx
    .update(staffInvitations)
    .set({ revokedAt: sql`now()` })
    .where(eq(staffInvitations.id, id));
}

const inviters = aliasedTable(users, 'inviters');

/** The invitations still open (neither accepted, withdrawn nor expired), newest first, with who sent each. */
export function openInvitations(db: Q) {
  return db
    .select({
      invitation: staffInvitations,
      inviter: {
        id: inviters.id,
        email: inviters.email,
        firstName: inviters.firstName,
        lastName: inviters.lastName,
      },
    })
    .from(staffInvitations)
    .leftJoin(inviters, eq(inviters.id, staffInvitations.invitedBy))
    .where(
      and(
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(sql`${staffInvitations.createdAt} desc`);
}

// Accepting an invitation

/** The account of an address. */
export async function accountByEmail(db: Q, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** The account of an address, locked until the transaction ends. */
export async function lockAccountByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.email, email)).for('update');
  return row;
}

/** A new staff account (its address proved by the invitation); undefined when the address was taken meanwhile. */
export async function insertStaffAccount(
  tx: Tx,
  values: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string;
    role: StaffRole;
    locale: Locale;
  },
): Promise<UserRow | undefined> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, emailVerifiedAt: sql`now()` })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

/**
 * Makes an existing account staff with the invitation's role, names and password: reactivated, its address proved,
 * its authenticator app and recovery codes removed (a new one is set up at the first sign-in as staff).
 */
export async function makeStaff(
  tx: Tx,
  id: string,
  values: { firstName: string; lastName: string; passwordHash: string; role: StaffRole },
): Promise<UserRow> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, id));
  const [row] = await tx
    .update(users)
    .set({
      ...values,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      deactivatedAt: null,
      totpSecretEncrypted: null,
      totpEnabledAt: null,
      totpLastStep: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** Whether the first admin can still be made from the command line: no active admin yet. */
export async function hasActiveAdmin(db: Q): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(activeAdmins).limit(1);
  return Boolean(row);
}

/** Serialises the making of the first admin (two command lines at once make one). */
export async function lockFirstAdmin(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('staff:first-admin'))`);
}

/** Makes an account the first admin: an existing one (active again), or a new one with its address proved. */
export async function upsertFirstAdmin(
  tx: Tx,
  values: { email: string; passwordHash: string | undefined },
): Promise<{ user: UserRow; created: boolean }> {
  const [existing] = await tx
    .select()
    .from(users)
    .where(eq(users.email, values.email))
    .for('update');
  if (existing) {
    const [row] = await tx
      .update(users)
      .set({
        role: 'admin',
        deactivatedAt: null,
        ...(values.passwordHash ? { passwordHash: values.passwordHash } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, existing.id))
      .returning();
    return { user: row!, created: false };
  }
  if (!values.passwordHash) throw new Error('A new admin needs a password.');
  const [row] = await tx
    .insert(users)
    .values({
      email: values.email,
      role: 'admin',
      passwordHash: values.passwordHash,
      emailVerifiedAt: sql`now()`,
    })
    .returning();
  return { user: row!, created: true };
}
