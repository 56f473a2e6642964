import {
  Component,
  Suspense,
  lazy,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { PageSpinner } from '@waypoint/ui';
import { RemoteUnavailable } from './RemoteUnavailable';

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
 * JavaScript. If the download fails, the layout shows the same message and retry as a remote that cannot load.
 */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  const loadDefault = () => load().then((page) => ({ default: page }));
  let Page: LazyExoticComponent<ComponentType> = lazy(loadDefault);

  function LazyPage() {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Page = lazy(loadDefault); // a failed lazy component keeps its error; a new one downloads again
      setAttempt((count) => count + 1);
    };
    return (
      <PageErrorBoundary key={attempt} fallback={<RemoteUnavailable onRetry={retry} />}>
        <Suspense fallback={<PageSpinner label="Loading…" />}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  return LazyPage;
}
