import { isLocale, isStaffRole, type User } from '@waypoint/contracts';

/** A staff role, or undefined for a traveller. */
const staffRoleOf = (role: string) => (isStaffRole(role) ? role : undefined);

/** The fields a user saved on the device by an earlier release may lack. */
type LaterFields = 'emailVerified' | 'hasPassword' | 'pendingEmail' | 'secondFactor' | 'locale';

/**
 * The signed-in user as the client keeps it: the contract's {@link User} (the fields the profile reply carries;
 * never a token), with the names as text ('' when not given) and the fields added to the reply later optional,
 * since a user saved on the device before them lacks them.
 */
export type AuthUser = Omit<User, 'firstName' | 'lastName' | LaterFields> & {
  firstName: string;
  lastName: string;
} & Partial<Pick<User, LaterFields>>;

const SECOND_FACTOR_STATES: ReadonlySet<string> = new Set<User['secondFactor']>([
  'not-required',
  'setup-required',
  'required',
  'verified',
]);

/** True when a staff session has yet to complete its second factor. */
export function needsSecondFactor(user: AuthUser | null): boolean {
  return user?.secondFactor === 'setup-required' || user?.secondFactor === 'required';
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Reads a user from a reply or from storage; null when it is not a user. Unknown fields are dropped. */
export function toAuthUser(value: unknown): AuthUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const source = value as Record<string, unknown>;
  const email = text(source.email);
  if (email === '') return null;
  const user: AuthUser = {
    id: text(source.id),
    email,
    firstName: text(source.firstName),
    lastName: text(source.lastName),
    nationality: typeof source.nationality === 'string' ? source.nationality : null,
    role: staffRoleOf(text(source.role)) ?? 'user',
  };
  if (typeof source.emailVerified === 'boolean') user.emailVerified = source.emailVerified;
  if (typeof source.hasPassword === 'boolean') user.hasPassword = source.hasPassword;
  if (typeof source.secondFactor === 'string' && SECOND_FACTOR_STATES.has(source.secondFactor)) {
    user.secondFactor = source.secondFactor as User['secondFactor'];
  }
  if (isLocale(source.locale) || source.locale === null) user.locale = source.locale;
  if (typeof source.pendingEmail === 'string' && source.pendingEmail !== '') {
    user.pendingEmail = source.pendingEmail;
  } else if (source.pendingEmail === null) {
    user.pendingEmail = null;
  }
  return user;
}

/** The on-screen notice a `{ user, notice }` reply carries (e.g. other sessions were signed out). */
export function noticeFromReply(data: unknown): string | undefined {
  if (typeof data === 'object' && data !== null && 'notice' in data) {
    const notice = (data as { notice: unknown }).notice;
    if (typeof notice === 'string' && notice !== '') return notice;
  }
  return undefined;
}

/** The user inside a `{ user }` reply, or the reply itself when it is the user. */
export function userFromReply(data: unknown): AuthUser | null {
  if (typeof data === 'object' && data !== null && 'user' in data) {
    return toAuthUser((data as { user: unknown }).user);
  }
  return toAuthUser(data);
}

/** The letter shown in the avatar menu. */
export function userInitial(user: AuthUser): string {
  return (user.firstName.trim()[0] ?? user.email.trim()[0] ?? '?').toUpperCase();
}

export function userDisplayName(user: AuthUser): string {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return name === '' ? user.email : name;
}
