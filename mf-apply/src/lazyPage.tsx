import { Suspense, useState, type ComponentType } from 'react';
import {
  lazyComponent,
  RemoteErrorBoundary,
  useRemoteContext,
  type LazyComponent,
} from '@waypoint/platform';

/**
 * A part of the area downloaded when a traveller first opens it, so the wizard's first page does not wait for
 * the payment form or the pages after payment. While it downloads it shows the portal's loading state; if the
 * download fails, the portal's "could not be loaded" message, whose Try again downloads it afresh.
 */
export function lazyPage(
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
        remote="apply"
        resetKey="lazy"
        onError={(error) => registry.report(error, 'apply')}
        fallback={(error) => renderError({ remote: 'apply', error, retry })}
      >
        <Suspense fallback={loading}>
          <Page />
        </Suspense>
      </RemoteErrorBoundary>
    );
  }
  return Object.assign(LazyPage, { preload: Page.preload });
}
