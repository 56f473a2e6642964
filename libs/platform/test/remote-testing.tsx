/**
 * Test support shared by the remotes' component tests: the API answered by 'METHOD /api/path' through the msw
 * server (api-server.ts), and rendering a remote's routes at a path the way the shell mounts them.
 */
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { PageQueries } from '@waypoint/contracts';
import {
  AUTH_STORAGE_KEY,
  BrowserRouter,
  createAppStore,
  loadProfile,
  type AuthUser,
  type RemoteRoutesModule,
} from '@waypoint/platform';
import { StandaloneRoutes } from '@waypoint/platform/standalone';
import { NOT_FOUND, answerRoutes, replyWith, type Reply } from './api-server';

export type { Reply };

export function ok(data: unknown): Reply {
  return { body: { success: true, data } };
}

/** A file the API sends as a download (`Content-Disposition: attachment`). */
export function file(bytes: string, filename: string, type = 'application/zip'): Reply {
  return {
    body: bytes,
    fileHeaders: {
      'content-type': type,
      'content-disposition': `attachment; filename="${filename}"`,
    },
  };
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
 * Answers the API by 'METHOD /api/path' (without the query); a list answers one reply per call (the last one
 * repeats). Unknown paths get a 404 envelope. Returns the calls made, in order, as `describe` records them.
 */
export function answerApi<C extends CallKey>(
  routes: Routes<C>,
  describe: (request: RecordedRequest) => C,
): C[] {
  const sent: C[] = [];
  const record = async (request: Request): Promise<C> => {
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
    return call;
  };
  const answers = Object.fromEntries(
    Object.entries(routes).map(([key, entry]) => {
      let calls = 0;
      return [
        key,
        async (request: Request) => {
          const call = await record(request);
          const route = Array.isArray(entry) ? entry[Math.min(calls, entry.length - 1)] : entry;
          calls += 1;
          const reply = typeof route === 'function' ? await route(call) : route;
          return replyWith(reply ?? NOT_FOUND);
        },
      ];
    }),
  );
  answerRoutes(answers, async (request) => {
    await record(request);
    return replyWith(NOT_FOUND);
  });
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
  /** Asks the server who is signed in before the first render, as the shell does. */
  checkSession?: boolean | undefined;
  /**
   * The data of a page rendered on the server: handed to the area's `fromPage` before the first render, as the
   * shell does before it hydrates such a page.
   */
  pageQueries?: PageQueries | undefined;
}

/** Renders a remote's routes at `path` the way the shell mounts them: one store, the browser's history. */
export async function renderRemote(
  module: RemoteRoutesModule,
  path: string,
  {
    user,
    state,
    keepSession = false,
    prepare,
    checkSession = false,
    pageQueries,
  }: RenderRemoteOptions = {},
) {
  window.localStorage.clear();
  if (!keepSession) window.sessionStorage.clear();
  prepare?.();
  if (user) window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user }));
  const store = createAppStore({ storage: window.localStorage });
  if (checkSession) void store.dispatch(loadProfile());
  if (pageQueries) module.fromPage?.(store.dispatch, pageQueries);
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
