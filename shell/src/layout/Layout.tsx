import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from '@waypoint/platform';
import { Footer } from './Footer';
import { Header } from './Header';

/** Header, main area and footer around every page, including remote pages and their error states. */
export function Layout() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  // After navigating, start at the top and put keyboard and screen reader focus at the new content.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo?.({ top: 0 });
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="wp-app">
      <a className="wp-skip-link" href="#main">
        Skip to main content
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
      <Footer />
    </div>
  );
}
