/**
 * `@waypoint/platform/lazy-page`: an area's pages downloaded on first visit. An entry of its own, outside the shared
 * platform: each area bundles this small module, and the shell's pages, which never use it, do not download it. It
 * uses the platform through its package name, so its pages see the one shared remote context.
 */
import { Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import {
  lazyComponent,
  RemoteErrorBoundary,
  useRemoteContext,
  type LazyComponent,
  type RemoteName,
} from '@waypoint/platform';

/**
 * A page of an area downloaded when it is first opened, so the area's first page does not wait for the others.
 * While it downloads it shows the portal's loading state; if the download fails, the portal's "could not be
 * loaded" message, whose Try again downloads it afresh. `preload` starts the download ahead of the visit.
 */
export function lazyPage(
  remote: RemoteName,
  load: () => Promise<ComponentType>,
): ComponentType & Pick<LazyComponent, 'preload'> {
  const Page = lazyComponent(load);
  function LazyPage() {
    const { loading, renderError, registry } = useRemoteContext();
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Page.retry();
      setAttempt((count) => count + 1);
    };
    return (
      <RemoteErrorBoundary
        key={attempt}
        remote={remote}
        resetKey="lazy"
        onError={(error) => registry.report(error, remote)}
        fallback={(error) => renderError({ remote, error, retry })}
      >
        <Suspense fallback={loading}>
          <Page />
        </Suspense>
      </RemoteErrorBoundary>
    );
  }
  return Object.assign(LazyPage, { preload: Page.preload });
}

/**
 * Calls `onFirstUse` once, on the user's first pointer or key press after the page has loaded: the moment to
 * download the pages they may open next. Focus is not a sign of use: the portal itself moves it to the page's
 * heading after a redirect.
 */
export function useFirstUse(onFirstUse: (() => void) | undefined) {
  useEffect(() => {
    if (!onFirstUse) return;
    const events = ['pointerdown', 'keydown'] as const;
    const handle = () => {
      for (const event of events) document.removeEventListener(event, handle, true);
      onFirstUse();
    };
    for (const event of events) document.addEventListener(event, handle, true);
    return () => {
      for (const event of events) document.removeEventListener(event, handle, true);
    };
  }, [onFirstUse]);
}

/**
 * Downloads `pages` on the user's first pointer or key press (see useFirstUse): the pages of an area they are
 * likely to open next. `pages` must keep its identity between renders (a constant of the module).
 */
export function usePreloadOnFirstUse(pages: readonly { preload: () => Promise<unknown> }[]) {
  useFirstUse(
    useCallback(() => {
      for (const page of pages) void page.preload();
    }, [pages]),
  );
}
