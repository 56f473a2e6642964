/**
 * Test support shared by the remotes' component tests: a fetch stand-in answering the API by
 * 'METHOD /api/path', and rendering a remote's routes at a path the way the shell mounts them.
 */
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import {
  AUTH_STORAGE_KEY,
  BrowserRouter,
  StandaloneRoutes,
  createAppStore,
  type AuthUser,
  type RemoteRoutesModule,
} from '@waypoint/platform';

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

/** Everything known about a call; each remote's tests keep the parts they assert on. */
export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  query: [string, string][];
  contentType: string | null;
  body: unknown;
}

export interface CallKey {
  method: string;
  path: string;
}

export type Route<C> = Reply | ((request: C) => Reply | Promise<Reply>);
export type Routes<C> = Record<string, Route<C> | Route<C>[]>;

/**
 * Replaces fetch: answers by 'METHOD /api/path' (without the query); a list answers one reply per call (the last
 * one repeats). Unknown paths get a 404 envelope. Returns the calls made, in order, as `describe` records them.
 */
export function mockFetch<C extends CallKey>(
  routes: Routes<C>,
  describe: (request: RecordedRequest) => C,
): C[] {
  const sent: C[] = [];
  const used = new Map<string, number>();
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const url = new URL(request.url);
    const text = await request.clone().text();
    const call = describe({
      method: request.method,
      path: url.pathname,
      search: url.search,
      query: [...url.searchParams.entries()],
      contentType: request.headers.get('content-type'),
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    });
    sent.push(call);
    const key = `${call.method} ${call.path}`;
    const entry = routes[key];
    let route: Route<C> | undefined;
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

/** The calls made to one 'METHOD /api/path'. */
export function callsTo<C extends CallKey>(sent: C[], key: string): C[] {
  return sent.filter((call) => `${call.method} ${call.path}` === key);
}

export interface RenderRemoteOptions {
  /** A user already signed in (saved on the device, as after an earlier visit). */
  user?: AuthUser | undefined;
  /** Router state of the first page, as another page would pass it. */
  state?: unknown;
  /** Keeps sessionStorage, as a reload of the page does. */
  keepSession?: boolean | undefined;
  /** Puts things in storage before the store reads it (after storage is cleared). */
  prepare?: () => void;
}

/** Renders a remote's routes at `path` the way the shell mounts them: one store, the browser's history. */
export async function renderRemote(
  module: RemoteRoutesModule,
  path: string,
  { user, state, keepSession = false, prepare }: RenderRemoteOptions = {},
) {
  window.localStorage.clear();
  if (!keepSession) window.sessionStorage.clear();
  prepare?.();
  if (user) window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user }));
  const store = createAppStore({ storage: window.localStorage });
  window.history.replaceState(
    state === undefined ? null : { usr: state, key: 'test', idx: 0 },
    '',
    path,
  );
  const view = await act(async () =>
    render(
      <Provider store={store}>
        <BrowserRouter>
          <StandaloneRoutes module={module} />
        </BrowserRouter>
      </Provider>,
    ),
  );
  return { ...view, store };
}
