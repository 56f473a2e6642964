import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import {
  AUTH_STORAGE_KEY,
  BrowserRouter,
  StandaloneRoutes,
  createAppStore,
  type AuthUser,
} from '@waypoint/platform';
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

export interface Reply {
  status?: number;
  body: unknown;
}

export function ok(data: unknown): Reply {
  return { body: { success: true, data } };
}

export function failure(status: number, error?: string, extra: object = {}): Reply {
  return {
    status,
    body: {
      success: false,
      code: 'X',
      requestId: 'test',
      ...(error === undefined ? {} : { error }),
      ...extra,
    },
  };
}

/** A call the page made, as the server received it. */
export interface SentRequest {
  method: string;
  path: string;
  /** The query parameters, in the order sent. */
  query: [string, string][];
  body: unknown;
}

type Route = Reply | ((request: SentRequest) => Reply | Promise<Reply>);

/**
 * Answers the API calls by 'METHOD /api/path' (without the query); a list answers one reply per call (the last
 * one repeats). Unknown paths get a 404 envelope. Returns the calls made, in order.
 */
export function mockApi(routes: Record<string, Route | Route[]>): SentRequest[] {
  const sent: SentRequest[] = [];
  const used = new Map<string, number>();
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const url = new URL(request.url);
    const text = await request.clone().text();
    const call: SentRequest = {
      method: request.method,
      path: url.pathname,
      query: [...url.searchParams.entries()],
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
    sent.push(call);
    const key = `${call.method} ${call.path}`;
    const entry = routes[key];
    let route: Route | undefined;
    if (Array.isArray(entry)) {
      const index = used.get(key) ?? 0;
      used.set(key, index + 1);
      route = entry[Math.min(index, entry.length - 1)];
    } else {
      route = entry;
    }
    const reply = typeof route === 'function' ? await route(call) : route;
    const { status = 200, body } = reply ?? failure(404, 'Not found');
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as unknown as typeof fetch;
  return sent;
}

/** The calls made to one path. */
export function callsTo(sent: SentRequest[], key: string): SentRequest[] {
  return sent.filter((call) => `${call.method} ${call.path}` === key);
}

/** Renders the admin area at `path` the way the shell mounts it (for a signed-in admin). */
export async function renderAdmin(path: string) {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user: adminUser }));
  const store = createAppStore({ storage: window.localStorage });
  window.history.replaceState(null, '', path);
  const view = await act(async () =>
    render(
      <Provider store={store}>
        <BrowserRouter>
          <StandaloneRoutes module={{ mounts }} />
        </BrowserRouter>
      </Provider>,
    ),
  );
  return { ...view, store };
}

/** The path (and query and hash) the browser shows. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}
