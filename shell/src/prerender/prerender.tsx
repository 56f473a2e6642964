/**
 * The build's prerender entry (compiled for Node by `webpack.prerender.js`, never sent to browsers): renders the
 * pages a first visit most often lands on to HTML, so they paint before any JavaScript runs and then hydrate.
 */
import type { ReactNode } from 'react';
import { LOCALES, type Locale } from '@waypoint/contracts';
import { activateLocale } from '@waypoint/ui';
import {
  createAppStore,
  createRemoteRegistry,
  loadProfile,
  RemoteLoadError,
  type AuthUser,
  type RemoteName,
} from '@waypoint/platform';
import { renderToHtml, StaticRouter } from '@waypoint/platform/ssr';
import { LAZY_PAGES } from '../App';
import { REMOTE_MOUNTS } from '../mounts';
import { Root } from '../Root';

export { LOCALES, REMOTE_MOUNTS };

/** Each prerendered address and the file (under `dist/pages/`) its HTML is written to. */
export const PRERENDERED_PAGES: Record<string, string> = {
  '/': 'home.html',
  '/terms': 'terms.html',
  '/privacy': 'privacy.html',
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

/**
 * The page at `url` in `locale` as the browser's first render draws it: nobody known to be signed in yet (a staff
 * page: a verified member of staff, known from the page itself), nothing typed.
 */
export async function renderPage(url: string, locale: Locale): Promise<string> {
  // A page downloaded on demand (terms, privacy) brings its own catalog: its code first, as the browser loads it
  // before hydrating, so that its messages are in the page's language before the render starts.
  await LAZY_PAGES[url]?.preload();
  await activateLocale(locale);
  const store = createAppStore({ storage: null });
  if (Object.hasOwn(STAFF_PAGES, url)) {
    store.dispatch(loadProfile.fulfilled(STAFF, 'prerender', undefined));
  } else {
    // The browser asks who is signed in before its first render; the HTML shows that same moment.
    store.dispatch(loadProfile.pending('prerender', undefined));
  }
  const registry = createRemoteRegistry({
    load: (name) => {
      const load = REMOTES_AT_BUILD[name];
      if (!load) throw new RemoteLoadError(name, `The ${name} area is not prerendered`);
      return load();
    },
  });
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  return renderToHtml(<Root store={store} registry={registry} Router={Router} />);
}
