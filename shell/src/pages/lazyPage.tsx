import {
  Component,
  Suspense,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { lazyComponent, type LazyComponent } from '@waypoint/platform';
import { PageSpinner, useT } from '@waypoint/ui';
import { shellMessages } from '../i18n/catalog';
import { RemoteUnavailable } from './RemoteUnavailable';

/** The spinner shown while a page or an area downloads. */
export function PageLoading() {
  const t = useT(shellMessages);
  return <PageSpinner label={t('loading')} />;
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

class PageErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    if (typeof window.reportError === 'function') window.reportError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A page the home page does not need, downloaded on its first visit so that it stays out of the home page's
 * JavaScript (or ahead of hydration with `preload`, when the build prerendered it). If the download fails, the
 * layout shows the same message and retry as a remote that cannot load.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyComponent {
  const Page = lazyComponent(load);

  function LazyPage() {
    const [attempt, setAttempt] = useState(0);
    return (
      <PageErrorBoundary
        key={attempt}
        fallback={
          <RemoteUnavailable
            onRetry={() => {
              Page.retry();
              setAttempt((count) => count + 1);
            }}
          />
        }
      >
        <Suspense fallback={<PageLoading />}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  return Object.assign(LazyPage, { preload: Page.preload, retry: Page.retry });
}
