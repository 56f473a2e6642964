import { Route, Routes, useRoutes, type RouteObject } from '../router';
import type { RemoteRoutesModule } from './registry';
import { NotFoundPage } from '../pages/NotFoundPage';

function Mount({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Renders a remote's route groups under their top-level paths, the way the shell mounts them. Used by each
 * remote's standalone development page.
 */
export function StandaloneRoutes({ module }: { module: RemoteRoutesModule }) {
  return (
    <Routes>
      {Object.entries(module.mounts).map(([mount, routes]) => (
        <Route key={mount} path={`/${mount}/*`} element={<Mount routes={routes} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
