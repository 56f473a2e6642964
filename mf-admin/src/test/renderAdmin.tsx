import type { AuthUser } from '@waypoint/platform';
import {
  callsTo,
  failure,
  answerApi,
  ok,
  renderRemote,
  type Reply,
  type Routes,
} from '../../../libs/platform/test/remote-testing';
import { mounts } from '../routes';

export const adminUser: AuthUser = {
  id: 'admin-1',
  email: 'staff@waypoint.test',
  firstName: 'Sam',
  lastName: 'Staff',
  nationality: 'GB',
  role: 'admin',
  emailVerified: true,
  hasPassword: true,
  pendingEmail: null,
};

export { callsTo, failure, ok, type Reply };

/** A call the page made, as the server received it. */
export interface SentRequest {
  method: string;
  path: string;
  /** The query parameters, in the order sent. */
  query: [string, string][];
  body: unknown;
}

/** Answers the API calls (see answerApi); returns the calls made, in order. */
export function mockApi(routes: Routes<SentRequest>): SentRequest[] {
  return answerApi(routes, ({ method, path, query, body }) => ({ method, path, query, body }));
}

/** Renders the admin area at `path` the way the shell mounts it (for a signed-in admin). */
export function renderAdmin(path: string) {
  return renderRemote({ mounts }, path, { user: adminUser });
}

/** The path (and query and hash) the browser shows. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
