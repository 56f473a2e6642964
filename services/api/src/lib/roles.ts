import { isStaffRole } from '@waypoint/contracts';
import type { UserRow } from '../db/rows';

/**
 * Who an account's role lets in. Staff (`caseworker`, `admin`) use the staff area, sign in with a second factor and
 * have the staff session lifetimes; only admins refund, send failed e-mails again and manage the staff accounts.
 */

export type AccountRole = UserRow['role'];

/** The roles of staff, as a list for queries. */
export const STAFF_ROLES = ['caseworker', 'admin'] as const satisfies readonly AccountRole[];

/** A member of staff, whatever their role. */
export const isStaff = isStaffRole;

/** An admin: staff with every right. */
export function isAdmin(role: string | null | undefined): role is 'admin' {
  return role === 'admin';
}
