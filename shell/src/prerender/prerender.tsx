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
 * The remotes a prerendered page needs, compiled into this build from their sources. A remote released on its
 * own later still works on these pages: if its first render no longer matches the HTML, React renders that
 * area afresh in the browser.
 */
const REMOTES_AT_BUILD: Partial<Record<RemoteName, () => Promise<unknown>>> = {
  apply: () => import('@waypoint/mf-apply/src/routes'),
  account: () => import('@waypoint/mf-account/src/routes'),
};

/**
 * The page at `url` in `locale` as the browser's first render draws it: nobody known to be signed in yet, nothing
 * typed.
 */
export async function renderPage(url: string, locale: Locale): Promise<string> {
  // A page downloaded on demand (terms, privacy) brings its own catalog: its code first, as the browser loads it
  // before hydrating, so that its messages are in the page's language before the render starts.
  await LAZY_PAGES[url]?.preload();
  await activateLocale(locale);
  const store = createAppStore({ storage: null });
  // The browser asks who is signed in before its first render; the HTML shows that same moment.
  store.dispatch(loadProfile.pending('prerender', undefined));
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
