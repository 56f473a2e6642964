/**
 * The roles of staff and what each may do: pure values, without schemas, so that the header and the route guards
 * of every page can use them without loading the validation library.
 *
 * Staff are either caseworkers (they review applications, ask the traveller for changes, submit them to the Home
 * Office, record outcomes, write notes and share out the work) or admins (all that, plus refunds, failed e-mails
 * and the staff accounts).
 */

/** The roles a member of staff can have. */
export const STAFF_ROLES = ['caseworker', 'admin'] as const;

/** A member of staff, whatever their role: they use the staff area and sign in with a second factor. */
export function isStaffRole(role: string | null | undefined): role is (typeof STAFF_ROLES)[number] {
  return role === 'caseworker' || role === 'admin';
}

/** What each role may do beyond casework (the staff area shows only what the signed-in member may use). */
export interface RolePermissions {
  /** Refund orders (`POST /api/admin/applications/:id/refunds`). */
  refunds: boolean;
  /** See and send again the e-mails that failed (`/api/admin/emails`). */
  failedEmails: boolean;
  /** Invite staff and manage their accounts (`/api/admin/staff/accounts`, invitations, roles…). */
  staffManagement: boolean;
}

/** What a role may do. */
export function staffPermissions(role: (typeof STAFF_ROLES)[number]): RolePermissions {
  const admin = role === 'admin';
  return { refunds: admin, failedEmails: admin, staffManagement: admin };
}
