import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  BrowserRouter,
  createAppStore,
  createRemoteRegistry,
  loadProfile,
  profileFromPage,
  toAuthUser,
} from '@waypoint/platform';
import { SIGNED_IN_USER_ID } from '@waypoint/contracts';
import { activateLocale, currentLocale, loadLocale, pageLocale } from '@waypoint/ui';
import { LAZY_PAGES } from './App';
import { REMOTE_MOUNTS } from './mounts';
import { Root } from './Root';
import { loadRemoteRoutes } from './remotes';
import { nextTask } from './tasks';

/** The user a page rendered for them carries (see SIGNED_IN_USER_ID), else null. */
function userInPage() {
  try {
    return toAuthUser(JSON.parse(document.getElementById(SIGNED_IN_USER_ID)?.textContent ?? ''));
  } catch {
    return null;
  }
}

const store = createAppStore();
// Who is signed in: known from the page when it says, else asked before the first render so guarded pages wait
// for the answer.
const pageUser = userInPage();
if (pageUser) store.dispatch(profileFromPage(pageUser));
else void store.dispatch(loadProfile());

const registry = createRemoteRegistry({
  load: loadRemoteRoutes,
  onError: (error) => {
    if (typeof window.reportError === 'function') window.reportError(error);
  },
});

/**
 * The code a prerendered page needs before it hydrates: its remote, or its page downloaded on demand. With it
 * loaded, hydration does not suspend, and React keeps the HTML on screen instead of showing a loading state.
 */
function codeFor(pathname: string): Promise<unknown> {
  const address = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const mount = address.split('/')[1] ?? '';
  const remote = Object.hasOwn(REMOTE_MOUNTS, mount)
    ? REMOTE_MOUNTS[mount as keyof typeof REMOTE_MOUNTS]
    : null;
  // A page rendered for its user (My orders) carries the data it was rendered with: the area puts it in the store.
  const pending = remote
    ? registry.load(remote).then((area) => area.fromPage?.(store.dispatch))
    : LAZY_PAGES[address]?.preload();
  // A failure shows once the page renders (the area's retry message); hydration goes ahead regardless.
  return Promise.resolve(pending).catch(() => undefined);
}

/**
 * The page's language (the server chose it: the kept choice, else the browser's), loaded for the shell and the
 * shared libraries before the first render. A failed download leaves the page in English rather than blank.
 */
const language = activateLocale(pageLocale()).catch((error: unknown) => {
  if (typeof window.reportError === 'function') window.reportError(error);
});

const container = document.getElementById('root');
if (container) {
  const root = <Root store={store} registry={registry} Router={BrowserRouter} />;
  // Pages rendered at build time (home, terms, privacy, the first wizard step, login, the frames of My orders and
  // of the staff pages), or on the server for their user (My orders with the traveller's orders), arrive with
  // their HTML: React attaches to it instead of drawing the page again. Every other page starts empty and is
  // rendered here.
  // Both start as a transition, so React works in slices of a few milliseconds and the page keeps answering taps
  // and scrolls while it renders, instead of freezing for the whole first render (which a phone feels).
  if (container.firstElementChild) {
    // A part whose HTML no longer matches (say, a remote released since this page was built) is drawn afresh,
    // and React reports it as a recoverable error (window.reportError).
    // The area's own messages in the page's language too (its code defines its catalog as it loads).
    void Promise.all([codeFor(window.location.pathname), language])
      .then(() => loadLocale(currentLocale()))
      .catch(() => undefined)
      // Hydration starts in a task of its own, apart from evaluating the area's code.
      .then(nextTask)
      .then(() =>
        startTransition(() => {
          hydrateRoot(container, root);
        }),
      );
  } else {
    const app = createRoot(container);
    void language.then(() => startTransition(() => app.render(root)));
  }
}
