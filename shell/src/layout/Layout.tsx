import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from '@waypoint/platform';
import { useT } from '@waypoint/ui';
import { shellMessages } from '../i18n/catalog';
import { Footer } from './Footer';
import { Header } from './Header';

/** How long after a navigation a heading that appears still takes the focus. */
const HEADING_WAIT_MS = 10_000;

/**
 * Focuses the page heading (made focusable by script only, so it is not a tab stop, and drawn without a focus
 * ring) and returns true once the question is settled: the heading took focus, or the page already put focus
 * somewhere else (an error summary, a field), which is left alone.
 */
function focusHeading(main: HTMLElement): boolean {
  const active = document.activeElement;
  if (active && active !== main && active !== document.body) return true;
  const heading = main.querySelector('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

declare global {
  interface Window {
    /** What a visitor did before the page hydrated, held by the page's first script (shell/early/held-actions.js). */
    waypointHeldActions?: { release(): void };
  }
}

/** True for the staff area's pages, which are working screens for staff rather than pages of the public site. */
function isStaffPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * Header, main area and footer around every page, including remote pages and their error states. The staff area
 * has no public footer (terms, privacy, the notice for travellers): its language picker is the header's.
 */
export function Layout() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  const t = useT(shellMessages);

  // The page has hydrated: what the visitor did before (a form sent, text typed, a language chosen) happens now.
  useEffect(() => {
    const release = window.setTimeout(() => window.waypointHeldActions?.release());
    return () => window.clearTimeout(release);
  }, []);

  // After navigating, start at the top and put keyboard and screen reader focus on the new page's heading.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo?.({ top: 0 });
    const main = mainRef.current;
    if (!main) return;
    // A page that put focus in itself as it opened (an error summary, a field) keeps it.
    const active = document.activeElement;
    if (active && active !== main && main.contains(active)) return;
    main.focus({ preventScroll: true });
    if (focusHeading(main)) return;
    // An area still loading shows its heading later: move focus to it when it appears.
    const observer = new MutationObserver(() => {
      if (focusHeading(main)) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const stop = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [pathname]);

  return (
    <div className="wp-app">
      <a className="wp-skip-link" href="#main">
        {t('layout.skipLink')}
      </a>
      <Header />
      <main
        id="main"
        ref={mainRef}
        tabIndex={-1}
        className={pathname === '/' ? 'wp-main wp-main--flush' : 'wp-main'}
      >
        <Outlet />
      </main>
      {isStaffPath(pathname) ? null : <Footer />}
    </div>
  );
}
