import type { AuthUser } from '@waypoint/platform';
import {
  callsTo,
  failure,
  file,
  answerApi,
  ok,
  renderRemote,
  type Reply,
  type Routes,
} from '../../../libs/platform/test/remote-testing';
import { mounts } from '../routes';

export const traveller: AuthUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  nationality: 'GB',
  role: 'user',
  emailVerified: true,
  hasPassword: true,
  pendingEmail: null,
};

export const countries = [
  { id: 'FR', name: 'France', flagEmoji: '🇫🇷', entryRule: 'ETA', ruleNote: null },
  { id: 'GB', name: 'United Kingdom', flagEmoji: '🇬🇧', entryRule: 'NONE', ruleNote: null },
  { id: 'US', name: 'United States', flagEmoji: '🇺🇸', entryRule: 'ETA', ruleNote: null },
];

export { callsTo, failure, file, ok, type Reply };

/** A call the page made, as the server received it. */
export interface SentRequest {
  method: string;
  path: string;
  contentType: string | null;
  body: unknown;
}

/** Answers the API calls (see answerApi); returns the calls made, in order. */
export function mockApi(routes: Routes<SentRequest>): SentRequest[] {
  return answerApi(routes, ({ method, path, contentType, body }) => ({
    method,
    path,
    contentType,
    body,
  }));
}

export interface RenderOptions {
  /** A user already signed in (saved on the device, as after an earlier visit). */
  user?: AuthUser;
  /** Router state of the first page, as another page would pass it. */
  state?: unknown;
  /** Keeps sessionStorage, as a reload of the page does. */
  keepSession?: boolean;
  /** Asks the server who is signed in before the first render, as the shell does. */
  checkSession?: boolean;
}

/** Renders the account area at `path` the way the shell mounts it: one store, the browser's history. */
export function renderAccount(path: string, options: RenderOptions = {}) {
  return renderRemote({ mounts }, path, options);
}

/** The countries the profile's nationality field offers. */
const countriesReply = ok(countries);

/**
 * The profile page (/account/profile) of a signed-in user (Ada unless `user` says otherwise): its countries are
 * answered, and `routes` answer the rest. Returns the calls made (`sent`) with what renderAccount returns.
 */
export async function renderProfile(routes: Routes<SentRequest> = {}, user: AuthUser = traveller) {
  const sent = mockApi({ 'GET /api/reference/countries': countriesReply, ...routes });
  return { sent, ...(await renderAccount('/account/profile', { user })) };
}

/** The path (and query) the browser shows. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}
