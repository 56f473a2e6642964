import { z } from 'zod';
import { apiMessage, ApiMessages } from './api-messages';
import { AuthText } from './auth-text';
import { EmailField, NewPasswordField } from './auth';
import { IdParams, text } from './primitives';
import { STAFF_ROLES, type RolePermissions } from './roles';

/**
 * The staff and their roles. Staff are either caseworkers (they review applications, ask the traveller for changes,
 * submit them to the Home Office, record outcomes, write notes and share out the work) or admins (all that, plus
 * refunds, failed e-mails and the staff accounts). People join the staff by an admin's invitation: an e-mailed
 * single-use link, valid for 48 hours, that lets them choose a password; their authenticator app is set up at the
 * first sign-in that follows.
 */

export const StaffRole = z.enum(STAFF_ROLES, { error: ApiMessages['staff.roleInvalid'] });
export type StaffRole = z.infer<typeof StaffRole>;

/** How long an invitation link works. */
export const STAFF_INVITATION_HOURS = 48;

/** What the role may do (see `staffPermissions`). */
export const StaffPermissions: z.ZodType<RolePermissions> = z.object({
  refunds: z.boolean(),
  failedEmails: z.boolean(),
  staffManagement: z.boolean(),
});
export type StaffPermissions = z.infer<typeof StaffPermissions>;

/** `GET /api/admin/staff/me`: the signed-in member of staff's role and what it allows. */
export const StaffSelfResponse = z.object({
  id: text(),
  role: StaffRole,
  permissions: StaffPermissions,
});
export type StaffSelfResponse = z.infer<typeof StaffSelfResponse>;

/** A staff account as the staff accounts page lists it. */
export const StaffAccount = z.object({
  id: text(),
  /** The first and last name, or the e-mail address when there is none. */
  name: text(),
  email: text(),
  role: StaffRole,
  /** False once deactivated: the account cannot sign in and is given no work. */
  active: z.boolean(),
  /** Whether the authenticator app is set up (false: it is set up at the next sign-in). */
  secondFactorSet: z.boolean(),
  /** ISO date-time. */
  createdAt: text(),
});
export type StaffAccount = z.infer<typeof StaffAccount>;

/** An invitation waiting to be accepted. */
export const StaffInvitation = z.object({
  id: text(),
  email: text(),
  role: StaffRole,
  /** The name of the admin who sent it (null when that account is gone). */
  invitedBy: text().nullable(),
  /** ISO date-times. */
  createdAt: text(),
  expiresAt: text(),
});
export type StaffInvitation = z.infer<typeof StaffInvitation>;

/** `GET /api/admin/staff/accounts`: every staff account, the invitations still open, and who is asking. */
export const StaffAccountsResponse = z.object({
  accounts: z.array(StaffAccount),
  invitations: z.array(StaffInvitation),
  me: text(),
});
export type StaffAccountsResponse = z.infer<typeof StaffAccountsResponse>;

/**
 * `POST /api/admin/staff/invitations`: invite an address to join the staff with a role. A newer invitation to the
 * same address withdraws the one still open; an address of an active member of staff is refused (409).
 */
export const InviteStaffBody = z.object({ email: EmailField, role: StaffRole });
export type InviteStaffBody = z.input<typeof InviteStaffBody>;

export const InviteStaffResponse = z.object({ invitation: StaffInvitation });
export type InviteStaffResponse = z.infer<typeof InviteStaffResponse>;

/** `DELETE /api/admin/staff/invitations/:id`: withdraw an invitation (its link stops working). */
export const StaffInvitationIdParams = IdParams;
export type StaffInvitationIdParams = z.input<typeof StaffInvitationIdParams>;

export const RevokeInvitationResponse = z.object({ id: text(), revoked: z.literal(true) });
export type RevokeInvitationResponse = z.infer<typeof RevokeInvitationResponse>;

/** `/api/admin/staff/:id/…`: the staff account acted on. */
export const StaffAccountIdParams = IdParams;
export type StaffAccountIdParams = z.input<typeof StaffAccountIdParams>;

/**
 * `PUT /api/admin/staff/:id/role`: give a member of staff another role. The last active admin keeps theirs (409).
 */
export const ChangeStaffRoleBody = z.object({ role: StaffRole });
export type ChangeStaffRoleBody = z.input<typeof ChangeStaffRoleBody>;

/**
 * The account after a change: `PUT …/role`, `POST …/deactivate` (every session of the account ends at once; the
 * last active admin cannot be deactivated), `POST …/reactivate`, `POST …/second-factor/reset` (its authenticator
 * app and recovery codes are removed and its sessions end: it sets up a new one at its next sign-in).
 */
export const StaffAccountResponse = z.object({ account: StaffAccount });
export type StaffAccountResponse = z.infer<typeof StaffAccountResponse>;

/** `/api/staff/invitations/:token`: the token of an invitation link (`/auth/staff-invitation/<token>`). */
export const StaffInvitationTokenParams = z.object({
  token: text({ error: ApiMessages['staff.invitationNotFound'] })
    .trim()
    .min(1, ApiMessages['staff.invitationNotFound'])
    .max(200, ApiMessages['staff.invitationNotFound']),
});
export type StaffInvitationTokenParams = z.input<typeof StaffInvitationTokenParams>;

/**
 * `GET /api/staff/invitations/:token`: what the invitation offers, to show before accepting it. 404 for a link that
 * never existed, 410 for one expired, used or withdrawn (each with its own message).
 */
export const StaffInvitationDetails = z.object({
  email: text(),
  role: StaffRole,
  /** ISO date-time. */
  expiresAt: text(),
});
export type StaffInvitationDetails = z.infer<typeof StaffInvitationDetails>;

const NameField = (message: string) =>
  text({ error: message })
    .trim()
    .min(1, message)
    .max(100, apiMessage('validation.atMostCharacters', { max: 100 }));

/**
 * `POST /api/staff/invitations/:token/accept`: join the staff with a name and a password (the portal's password
 * rules). The reply is the signed-in user (`UserResponse`, as a login's); the session then sets up the authenticator
 * app like any staff sign-in. An account that already has the address becomes staff with this password, and its
 * other sessions end. 410 for an invitation expired, used or withdrawn.
 */
export const AcceptStaffInvitationBody = z
  .object({
    firstName: NameField(AuthText.firstNameRequired),
    lastName: NameField(AuthText.lastNameRequired),
    password: NewPasswordField,
    confirmPassword: text().optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, {
    message: AuthText.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type AcceptStaffInvitationBody = z.input<typeof AcceptStaffInvitationBody>;
