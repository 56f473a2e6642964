import {
  NotFoundPage,
  RemoteProvider,
  RemoteRoutes,
  RequireAdmin,
  Route,
  Routes,
  type RemoteRegistry,
} from '@waypoint/platform';
import { PageSpinner } from '@waypoint/ui';
import { Layout } from './layout/Layout';
import { HomePage } from './pages/HomePage';
import { NotAuthorisedPage } from './pages/NotAuthorisedPage';
import { RemoteUnavailable } from './pages/RemoteUnavailable';
import { lazyPage } from './pages/lazyPage';

// Long pages of text the home page does not need: each is downloaded on its first visit.
const TermsPage = lazyPage(() => import('./pages/TermsPage').then((page) => page.TermsPage));
const PrivacyPage = lazyPage(() => import('./pages/PrivacyPage').then((page) => page.PrivacyPage));

export interface AppProps {
  registry: RemoteRegistry;
}

/** The portal's top-level routes; each area's pages come from its remote, downloaded on first visit. */
export function App({ registry }: AppProps) {
  const loading = <PageSpinner label="Loading…" />;
  return (
    <RemoteProvider
      registry={registry}
      loading={loading}
      renderError={({ retry }) => <RemoteUnavailable onRetry={retry} />}
    >
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route
            path="application/*"
            element={<RemoteRoutes remote="apply" mount="application" />}
          />
          <Route path="upload/*" element={<RemoteRoutes remote="apply" mount="upload" />} />
          <Route path="auth/*" element={<RemoteRoutes remote="account" mount="auth" />} />
          <Route path="orders/*" element={<RemoteRoutes remote="account" mount="orders" />} />
          <Route path="account/*" element={<RemoteRoutes remote="account" mount="account" />} />
          <Route
            path="admin/*"
            element={
              <RequireAdmin loading={loading} forbidden={<NotAuthorisedPage />}>
                <RemoteRoutes remote="admin" mount="admin" />
              </RequireAdmin>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RemoteProvider>
  );
}
