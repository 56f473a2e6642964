import { waitFor } from '@testing-library/react';
import { answerRoutes, NOT_FOUND, replyWith } from '../../libs/platform/test/api-server';

import type * as Remotes from './remotes';

const registered: { name: string; entry: string }[] = [];
/** What was evaluated, in order: the areas' shared API package and the areas' own code. */
const evaluated: string[] = [];
/** Whether an area's build provides the shared API package (the federation runtime's answer to loadShare). */
let apiProvided = true;
jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: (remotes: { name: string; entry: string }[]) => registered.push(...remotes),
  // Asked for the factory only: the area's code runs when the shell calls it.
  loadRemote: (id: string, options?: { loadFactory?: boolean }) =>
    Promise.resolve(
      options?.loadFactory === false
        ? () => {
            evaluated.push(id);
            return { id };
          }
        : { id },
    ),
  loadShare: (name: string) => Promise.resolve(apiProvided ? () => evaluated.push(name) : false),
}));

/** The documents the shell loaded in place of the page. */
const replacedBy: string[] = [];
jest.mock('./navigation', () => ({ replaceDocument: (url: string) => replacedBy.push(url) }));

/** A fresh copy of the module for each test: it keeps what it learnt (addresses, registrations) per page. */
function freshRemotes(): typeof Remotes {
  let loaded: typeof Remotes | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<typeof Remotes>('./remotes');
  });
  return loaded!;
}

const calls: string[] = [];

beforeEach(() => {
  registered.length = 0;
  evaluated.length = 0;
  apiProvided = true;
  calls.length = 0;
  replacedBy.length = 0;
  window.history.replaceState(null, '', '/');
  document.head.innerHTML =
    '<meta name="waypoint-remotes" content=\'{"apply":"/remotes/apply/mf-manifest.json","account":"/releases/account/1.1.0/mf-manifest.json"}\'>';
});

function api(staff: boolean) {
  answerRoutes(
    {
      'GET /api/admin/remote': (request) => {
        calls.push(new URL(request.url).pathname);
        return staff
          ? replyWith({
              body: {
                success: true,
                data: { entry: 'https://staff-assets.example.org/admin/mf-manifest.json' },
              },
            })
          : replyWith({
              status: 403,
              body: {
                success: false,
                code: 'FORBIDDEN',
                error: 'You do not have access to this page.',
              },
            });
      },
    },
    (request) => {
      calls.push(new URL(request.url).pathname);
      return replyWith(NOT_FOUND);
    },
  );
}

describe('where the shell loads each area from', () => {
  it("loads the travellers' areas from the addresses in the page, without asking the server", async () => {
    api(true);
    const { loadRemoteRoutes } = freshRemotes();
    await expect(loadRemoteRoutes('account')).resolves.toEqual({ id: 'account/routes' });
    expect(registered).toEqual([
      { name: 'account', entry: '/releases/account/1.1.0/mf-manifest.json' },
    ]);
    expect(calls).toEqual([]);
  });

  it('asks the API where the staff area is, and loads it from there', async () => {
    api(true);
    // A page of the staff area, loaded before its member of staff signed in.
    window.history.replaceState(null, '', '/admin/applications');
    const { loadRemoteRoutes } = freshRemotes();
    await expect(loadRemoteRoutes('admin')).resolves.toEqual({ id: 'admin/routes' });
    expect(calls).toEqual(['/api/admin/remote']);
    expect(registered).toEqual([
      { name: 'admin', entry: 'https://staff-assets.example.org/admin/mf-manifest.json' },
    ]);
    expect(replacedBy).toEqual([]);
  });

  it("asks for the staff page when the page came from elsewhere, whose policy refuses the staff area's origin", async () => {
    api(true);
    window.history.replaceState(null, '', '/auth/second-factor');
    const { loadRemoteRoutes } = freshRemotes();
    // Signed in, the member of staff goes on to the staff area.
    window.history.pushState(null, '', '/admin');
    void loadRemoteRoutes('admin');
    await waitFor(() => expect(replacedBy).toEqual(['http://localhost/admin']));
    expect(registered).toEqual([]);
  });

  it('loads a staff area served from this origin on any page', async () => {
    api(true);
    document.head.innerHTML =
      '<meta name="waypoint-remotes" content=\'{"apply":"/remotes/apply/mf-manifest.json","account":"/remotes/account/mf-manifest.json","admin":"/remotes/admin/mf-manifest.json"}\'>';
    window.history.replaceState(null, '', '/orders');
    const { loadRemoteRoutes } = freshRemotes();
    await expect(loadRemoteRoutes('admin')).resolves.toEqual({ id: 'admin/routes' });
    expect(replacedBy).toEqual([]);
  });

  it("takes the staff area's address from a page the server sent to staff, without asking the API", async () => {
    document.head.innerHTML =
      '<meta name="waypoint-remotes" content=\'{"apply":"/remotes/apply/mf-manifest.json","account":"/remotes/account/mf-manifest.json","admin":"https://staff-assets.example.org/admin/mf-manifest.json"}\'>';
    window.history.replaceState(null, '', '/admin');
    api(false);
    const { loadRemoteRoutes } = freshRemotes();
    await expect(loadRemoteRoutes('admin')).resolves.toEqual({ id: 'admin/routes' });
    expect(calls).toEqual([]);
    expect(registered).toEqual([
      { name: 'admin', entry: 'https://staff-assets.example.org/admin/mf-manifest.json' },
    ]);
  });

  it('does not load the staff area when the API does not hand its address over', async () => {
    api(false);
    const { loadRemoteRoutes } = freshRemotes();
    const failure = loadRemoteRoutes('admin');
    // The area's fallback is shown for it, like for any failure to load an area.
    await expect(failure).rejects.toThrow('/api/admin/remote answered 403');
    expect(registered).toEqual([]);
  });
});

describe("evaluating an area's code", () => {
  it('evaluates RTK Query and the API slice the area provides before the area itself, each in a task of its own', async () => {
    api(true);
    const { loadRemoteRoutes } = freshRemotes();
    const tasks: string[] = [];
    const timers = setInterval(() => tasks.push([...evaluated].join(',')), 0);
    await expect(loadRemoteRoutes('apply')).resolves.toEqual({ id: 'apply/routes' });
    clearInterval(timers);
    expect(evaluated).toEqual(['@waypoint/platform/api', 'apply/routes']);
    // A timer ran between the two: the browser got a turn (a tap, a frame) in between.
    expect(tasks).toContain('@waypoint/platform/api');
  });

  it('still loads an area whose build does not provide the API package', async () => {
    api(true);
    apiProvided = false;
    const { loadRemoteRoutes } = freshRemotes();
    await expect(loadRemoteRoutes('account')).resolves.toEqual({ id: 'account/routes' });
    expect(evaluated).toEqual(['account/routes']);
  });
});
