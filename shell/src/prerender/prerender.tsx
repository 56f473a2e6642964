/**
 * The build's prerender entry (compiled for Node by `webpack.prerender.js`, never sent to browsers): renders the
 * pages a first visit most often lands on to HTML, so they paint before any JavaScript runs and then hydrate.
 */
import type { ReactNode } from 'react';
import { LOCALES, type ApiMessageKey, type Locale, type PageQueries } from '@waypoint/contracts';
import { activateLocale } from '@waypoint/ui';
import {
  createAppStore,
  createRemoteRegistry,
  loadProfile,
  RemoteLoadError,
  type AppStore,
  type AuthUser,
  type RemoteName,
  type RemoteRegistry,
} from '@waypoint/platform';
import { renderToHtml, StaticRouter } from '@waypoint/platform/ssr';
import { LAZY_PAGES } from '../App';
import { REMOTE_MOUNTS } from '../mounts';
import { HELP_TOPIC_SLUGS, helpTopicPath } from '../pages/help/slugs';
import { ServiceBusyPage } from '../pages/ServiceBusyPage';
import { Root } from '../Root';

export { LOCALES, REMOTE_MOUNTS };

/** Each prerendered address and the file (under `dist/pages/`) its HTML is written to. */
export const PRERENDERED_PAGES: Record<string, string> = {
  '/': 'home.html',
  '/terms': 'terms.html',
  '/privacy': 'privacy.html',
  '/help': 'help.html',
  ...Object.fromEntries(HELP_TOPIC_SLUGS.map((slug) => [helpTopicPath(slug), `help-${slug}.html`])),
  '/application/trip-details': 'trip-details.html',
  '/auth/login': 'login.html',
  '/orders': 'orders.html',
};

/**
 * The staff area's pages, rendered as a signed-in member of staff who has completed the second factor sees them
 * before their data arrives: the server sends them only to such a session (never to anyone else), with that
 * session's user in the page, so the browser's first render matches them.
 */
export const STAFF_PAGES: Record<string, string> = {
  '/admin': 'admin.html',
  '/admin/applications': 'admin-applications.html',
  '/admin/emails': 'admin-emails.html',
};

/**
 * The member of staff the staff pages are rendered for. Nothing of theirs shows before the page hydrates (the
 * header draws the signed-out version until then), so any verified member of staff hydrates these pages.
 */
const STAFF: AuthUser = {
  id: 'staff',
  email: 'staff@waypoint.invalid',
  firstName: '',
  lastName: '',
  nationality: null,
  role: 'admin',
  emailVerified: true,
  hasPassword: true,
  secondFactor: 'verified',
};

/**
 * The remotes a prerendered page needs, compiled into this build from their sources. A remote released on its
 * own later still works on these pages: if its first render no longer matches the HTML, React renders that
 * area afresh in the browser.
 */
const REMOTES_AT_BUILD: Partial<Record<RemoteName, () => Promise<unknown>>> = {
  apply: () => import('@waypoint/mf-apply/src/routes'),
  account: () => import('@waypoint/mf-account/src/routes'),
  // Server-side only: this build never reaches a browser, and the staff pages it renders only reach staff.
  admin: () => import('@waypoint/mf-admin/src/routes'),
};

/** Renders `url` in `locale` from a store made ready by `prepare` (who is signed in, the data in the page). */
async function render(
  url: string,
  locale: Locale,
  prepare: (store: AppStore, registry: RemoteRegistry) => Promise<void> | void,
): Promise<string> {
  // A page downloaded on demand (terms, privacy) brings its own catalog: its code first, as the browser loads it
  // before hydrating, so that its messages are in the page's language before the render starts.
  await LAZY_PAGES[url]?.preload();
  await activateLocale(locale);
  const store = createAppStore({ storage: null });
  const registry = createRemoteRegistry({
    load: (name) => {
      const load = REMOTES_AT_BUILD[name];
      if (!load) throw new RemoteLoadError(name, `The ${name} area is not prerendered`);
      return load();
    },
  });
  await prepare(store, registry);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  try {
    return await renderToHtml(<Root store={store} registry={registry} Router={Router} />);
  } finally {
    // The data cache times out what no component uses any more (an hour for most data): on the server nothing
    // outlives the render, and those timers would hold the store, and whoever's data the page drew, in memory.
    // (The cache is in the store only once a page's code loaded it.)
    if ('api' in store.getState()) {
      const { api } = await import('@waypoint/platform/api');
      store.dispatch(api.util.resetApiState());
    }
  }
}

/**
 * The page at `url` in `locale` as the browser's first render draws it: nobody known to be signed in yet (a staff
 * page: a verified member of staff, known from the page itself), nothing typed.
 */
export function renderPage(url: string, locale: Locale): Promise<string> {
  return render(url, locale, (store) => {
    if (Object.hasOwn(STAFF_PAGES, url)) {
      store.dispatch(loadProfile.fulfilled(STAFF, 'prerender', undefined));
    } else {
      // The browser asks who is signed in before its first render; the HTML shows that same moment.
      store.dispatch(loadProfile.pending('prerender', undefined));
    }
  });
}

/** The addresses the server renders for their signed-in user, with that user's data, on each request. */
export const USER_PAGES = ['/orders'] as const;

/**
 * A page of {@link USER_PAGES} as its signed-in `user` sees it with `queries` (the data the server sends in the
 * page with it): the browser's first render, which starts from the same user and data, matches it. With `null`,
 * a page everyone gets with the data it shows (the first step of the wizard with the reference data), as it
 * draws before anyone is known to be signed in. Renders one at a time (the language of the render is global); the
 * server keeps to that.
 */
export function renderForUser(
  url: string,
  locale: Locale,
  user: AuthUser | null,
  queries: PageQueries,
): Promise<string> {
  return render(url, locale, async (store, registry) => {
    // The browser asks who is signed in before its first render when the page does not say.
    if (user) store.dispatch(loadProfile.fulfilled(user, 'page', undefined));
    else store.dispatch(loadProfile.pending('page', undefined));
    const mount = url.split(/[/?#]/)[1] ?? '';
    const remote = Object.hasOwn(REMOTE_MOUNTS, mount)
      ? REMOTE_MOUNTS[mount as keyof typeof REMOTE_MOUNTS]
      : null;
    if (remote) (await registry.load(remote)).fromPage?.(store.dispatch, queries);
  });
}

/**
 * The pages the server sends a browser in place of a page while it cannot take new work, by the reason's message
 * (the error reply's `messageKey`), and the file each is written to: shed under load, restarting, the records out
 * of reach. See ServiceBusyPage.
 */
export const BUSY_PAGES: Partial<Record<ApiMessageKey, string>> = {
  'availability.overloaded': 'busy-overloaded.html',
  'availability.shuttingDown': 'busy-restarting.html',
  'availability.databaseUnavailable': 'busy-records.html',
};

/** The busy page for `messageKey` in `locale` (see BUSY_PAGES), to be put in a page without scripts. */
export async function renderBusyPage(messageKey: ApiMessageKey, locale: Locale): Promise<string> {
  // Every catalog defined so far in `locale`: the shell's texts and the API's messages.
  await activateLocale(locale);
  return renderToHtml(<ServiceBusyPage messageKey={messageKey} />);
}

/** The built page's empty root element (html-webpack-plugin minifies away the quotes). */
const ROOT = /<div id="?root"?><\/div>/;
/** What React writes at the start of a page's HTML that belongs in `<head>`: its title, meta and link elements. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

/**
 * The built page `template` with `rendered` (from renderPage or renderForUser) in its root element, and what
 * React wrote at its start (the title) moved into `<head>`, where the browser, and React on hydration, expect it.
 * Fails on HTML that needs an inline script: the pages' policy allows none, so it would not work in a browser.
 */
export function composePage(template: string, rendered: string): string {
  if (!ROOT.test(template)) throw new Error('The page has no empty root element');
  const head = HOISTED.exec(rendered)?.[0] ?? '';
  const body = rendered.slice(head.length);
  if (/<script(?![^>]*\bsrc=)/.test(body)) throw new Error('The page contains an inline script');
  let page = template.replace(ROOT, () => `<div id="root">${body}</div>`);
  if (head.includes('<title>')) page = page.replace(/<title>[^<]*<\/title>/, '');
  return page.replace('</head>', () => `${head}</head>`);
}
