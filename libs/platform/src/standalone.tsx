/**
 * `@waypoint/platform/standalone`: a remote on its own development page. An entry of its own, outside the shared
 * platform, so the pages of the portal never download it; it uses the platform through its package name, so a
 * remote's routes and this page share one store and one router.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import {
  BrowserRouter,
  Link,
  NotFoundPage,
  RemoteProvider,
  Route,
  Routes,
  createAppStore,
  createRemoteRegistry,
  loadProfile,
  useRoutes,
  type RemoteRoutesModule,
  type RouteObject,
} from '@waypoint/platform';

function Mount({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Renders a remote's route groups under their top-level paths, the way the shell mounts them. Used by each
 * remote's standalone development page.
 */
export function StandaloneRoutes({ module }: { module: RemoteRoutesModule }) {
  // The loading and error states the shell gives a remote, for the parts of it that load on their own.
  const [registry] = useState(() => createRemoteRegistry({ load: () => Promise.resolve(module) }));
  return (
    <RemoteProvider
      registry={registry}
      loading={<p role="status">Loading…</p>}
      renderError={({ retry }) => (
        <p role="alert">
          This part could not be loaded.{' '}
          <button type="button" onClick={retry}>
            Try again
          </button>
        </p>
      )}
    >
      <Routes>
        {Object.entries(module.mounts).map(([mount, routes]) => (
          <Route key={mount} path={`/${mount}/*`} element={<Mount routes={routes} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </RemoteProvider>
  );
}

/**
 * Mounts a remote on its own development page: a store, the session check, a small header and the remote's
 * routes. Each remote's `standalone/bootstrap.tsx` calls this.
 */
export function mountStandalone({
  module,
  title,
  home,
}: {
  module: RemoteRoutesModule;
  title: string;
  home: string;
}) {
  const store = createAppStore();
  void store.dispatch(loadProfile());
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <header className="wp-header">
            <div className="wp-container wp-header__inner">
              <Link to={home} className="wp-brand">
                {title}
              </Link>
            </div>
          </header>
          <main className="wp-main">
            <StandaloneRoutes module={module} />
          </main>
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}
