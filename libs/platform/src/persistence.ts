import { toAuthUser, type AuthUser } from './auth/user';
import type { SelectionState } from './selection/selectionSlice';

/** localStorage key of the auth state: the user's fields only, never a token. */
export const AUTH_STORAGE_KEY = 'auth-storage';
/** localStorage key of the selected country and visa type. */
export const SELECTION_STORAGE_KEY = 'selection-storage';

/** localStorage when the browser allows it (private modes and tests may not). */
export function browserStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function readJson(storage: Storage | null, key: string): unknown {
  if (!storage) return null;
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function writeJson(storage: Storage | null, key: string, value: unknown): void {
  if (!storage) return;
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the state simply does not survive a reload.
  }
}

export function readPersistedUser(storage: Storage | null): AuthUser | null {
  const saved = readJson(storage, AUTH_STORAGE_KEY);
  if (typeof saved !== 'object' || saved === null || !('user' in saved)) return null;
  return toAuthUser((saved as { user: unknown }).user);
}

export function writePersistedUser(storage: Storage | null, user: AuthUser | null): void {
  writeJson(storage, AUTH_STORAGE_KEY, user ? { user: toAuthUser(user) } : null);
}

const CODE = /^[A-Za-z0-9_-]{1,64}$/;

export function readPersistedSelection(storage: Storage | null): SelectionState | null {
  const saved = readJson(storage, SELECTION_STORAGE_KEY);
  if (typeof saved !== 'object' || saved === null) return null;
  const { countryId, visaTypeId } = saved as Record<string, unknown>;
  return {
    countryId: typeof countryId === 'string' && CODE.test(countryId) ? countryId : null,
    visaTypeId: typeof visaTypeId === 'string' && CODE.test(visaTypeId) ? visaTypeId : null,
  };
}

export function writePersistedSelection(storage: Storage | null, selection: SelectionState): void {
  writeJson(storage, SELECTION_STORAGE_KEY, selection);
}
