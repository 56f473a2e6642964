import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import {
  AUTH_STORAGE_KEY,
  createAppStore,
  createRemoteRegistry,
  type AuthUser,
  type RemoteModuleLoader,
} from '@waypoint/platform';
import {
  NOT_FOUND,
  answerRoutes,
  replyWith,
  type Reply,
} from '../../../libs/platform/test/api-server';
import { App } from '../App';

export const countries = [
  { id: 'FR', name: 'France', flagEmoji: '🇫🇷', entryRule: 'ETA', ruleNote: null },
  { id: 'DE', name: 'Germany', flagEmoji: '🇩🇪', entryRule: 'ETA', ruleNote: null },
  { id: 'IN', name: 'India', flagEmoji: '🇮🇳', entryRule: 'VISA', ruleNote: null },
  { id: 'US', name: 'United States', flagEmoji: '🇺🇸', entryRule: 'ETA', ruleNote: null },
];

export const traveller: AuthUser = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  nationality: 'GB',
  role: 'user',
};

/**
 * Answers the API calls a page makes, by 'METHOD /api/path' or by '/api/path' for any method (the method's own
 * route first); unknown paths get a 404 envelope. Returns the requests made, in order.
 */
export function mockApi(routes: Record<string, Reply | (() => Reply)>): Request[] {
  const requests: Request[] = [];
  const anyMethod = (key: string) => (key.startsWith('/') ? 1 : 0);
  const answers = Object.entries(routes)
    .sort(([a], [b]) => anyMethod(a) - anyMethod(b))
    .map(([key, route]) => [
      key,
      (request: Request) => {
        requests.push(request);
        return replyWith(typeof route === 'function' ? route() : route);
      },
    ]);
  answerRoutes(Object.fromEntries(answers), (request) => {
    requests.push(request);
    return replyWith(NOT_FOUND);
  });
  return requests;
}

export const guestProfile: Reply = {
  status: 401,
  body: { success: false, error: 'Not signed in', code: 'UNAUTHENTICATED', requestId: 't' },
};

export function profileOf(user: AuthUser): Reply {
  return { body: { success: true, data: user } };
}

export const countriesReply: Reply = { body: { success: true, data: countries } };

let currentPath = '';
function LocationProbe() {
  const location = useLocation();
  currentPath = `${location.pathname}${location.search}`;
  return null;
}

/** The path the app is showing. */
export function shownPath(): string {
  return currentPath;
}

export interface RenderAppOptions {
  path?: string;
  /** A user already saved on the device, as after an earlier visit. */
  savedUser?: AuthUser;
  load?: RemoteModuleLoader;
  /** Router state of the first page, as another page would leave it. */
  state?: unknown;
}

/**
 * Renders the shell as bootstrap does: one store, remotes from `load`. Rendering happens inside `act` so that
 * remote modules resolving or failing right away are shown before the first assertion.
 */
export async function renderApp({ path = '/', savedUser, load, state }: RenderAppOptions = {}) {
  window.localStorage.clear();
  if (savedUser) window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user: savedUser }));
  const store = createAppStore({ storage: window.localStorage });
  const loader = jest.fn<Promise<unknown>, Parameters<RemoteModuleLoader>>(
    load ?? (async () => ({ mounts: { auth: [{ path: 'login', element: <h1>Log in</h1> }] } })),
  );
  const reported: unknown[] = [];
  const registry = createRemoteRegistry({ load: loader, onError: (error) => reported.push(error) });
  const view = await act(async () =>
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>
          <App registry={registry} />
          <LocationProbe />
        </MemoryRouter>
      </Provider>,
    ),
  );
  /** `reported`: what the registry reported (the shell logs it with window.reportError). */
  return { ...view, store, loader, reported };
}
