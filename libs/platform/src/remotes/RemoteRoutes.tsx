import {
  Component,
  Suspense,
  createContext,
  use,
  useCallback,
  useContext,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useLocation, useRoutes, type RouteObject } from '../router';
import {
  RemoteLoadError,
  type RemoteName,
  type RemoteRegistry,
  type RemoteRoutesModule,
} from './registry';

export interface RemoteContextValue {
  registry: RemoteRegistry;
  /** Shown while a remote downloads. */
  loading: ReactNode;
  /** Shown when a remote cannot be loaded or throws while rendering; `retry` loads it again. */
  renderError: (props: { remote: RemoteName; error: unknown; retry: () => void }) => ReactNode;
}

const RemoteContext = createContext<RemoteContextValue | null>(null);

export function RemoteProvider({
  children,
  ...value
}: RemoteContextValue & { children: ReactNode }) {
  return <RemoteContext value={value}>{children}</RemoteContext>;
}

/** The loading and error states of the remote areas, for a part of a remote that loads on its own. */
export function useRemoteContext(): RemoteContextValue {
  const value = useContext(RemoteContext);
  if (!value) throw new Error('RemoteRoutes must be rendered inside a RemoteProvider');
  return value;
}

interface BoundaryProps {
  remote: RemoteName;
  resetKey: string;
  onError: (error: unknown) => void;
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: string;
}

/** Catches a remote that fails to load or throws while rendering, so the rest of the site keeps working. */
export class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    // Navigating elsewhere inside the same area gives it another chance.
    if (props.resetKey !== state.resetKey)
      return { resetKey: props.resetKey, failed: false, error: null };
    return null;
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

function RouteTree({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function MountedRemote({
  remote,
  mount,
  pending,
}: {
  remote: RemoteName;
  mount: string;
  pending: Promise<RemoteRoutesModule>;
}) {
  const module = use(pending);
  const routes = module.mounts[mount];
  if (!routes) throw new RemoteLoadError(remote, `The ${remote} area has no pages under /${mount}`);
  return <RouteTree routes={routes} />;
}

export interface RemoteRoutesProps {
  remote: RemoteName;
  /** The group of the remote's routes to render: the shell's top-level path without slashes. */
  mount: string;
}

/** Downloads a remote on first use and renders its routes for one mount, with loading and error states. */
export function RemoteRoutes({ remote, mount }: RemoteRoutesProps) {
  const { registry, loading, renderError } = useRemoteContext();
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);

  const retry = useCallback(() => {
    registry.retry(remote);
    setAttempt((count) => count + 1);
  }, [registry, remote]);

  const report = useCallback(
    (error: unknown) => registry.report(error, remote),
    [registry, remote],
  );

  return (
    <RemoteErrorBoundary
      key={attempt}
      remote={remote}
      resetKey={pathname}
      onError={report}
      fallback={(error) => renderError({ remote, error, retry })}
    >
      <Suspense fallback={loading}>
        <MountedRemote remote={remote} mount={mount} pending={registry.load(remote)} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
