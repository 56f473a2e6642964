/**
 * The e-mail address travels from 'Forgot password' to 'Reset password' in the router state, with a copy in
 * sessionStorage for a reload of the reset page. It never goes into the URL.
 */
const RESET_EMAIL_KEY = 'waypoint.reset-email';

function session(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

export function rememberResetEmail(email: string): void {
  try {
    session()?.setItem(RESET_EMAIL_KEY, email);
  } catch {
    // Storage blocked: the router state still carries the address.
  }
}

export function forgetResetEmail(): void {
  try {
    session()?.removeItem(RESET_EMAIL_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** The address from the router state, or the remembered copy. */
export function resetEmailFrom(state: unknown): string {
  if (typeof state === 'object' && state !== null) {
    const { email } = state as { email?: unknown };
    if (typeof email === 'string' && email !== '') return email;
  }
  try {
    return session()?.getItem(RESET_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Router state that carries an e-mail address to the next page. */
export interface EmailState {
  email: string;
}
