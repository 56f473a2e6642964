import {
  NotFoundPage,
  RemoteProvider,
  RemoteRoutes,
  RemoteVersionError,
  RequireAdmin,
  Route,
  Routes,
  type RemoteRegistry,
} from '@waypoint/platform';
import { Layout } from './layout/Layout';
import { REMOTE_MOUNTS } from './mounts';
import { HomePage } from './pages/HomePage';
import { RemoteUnavailable } from './pages/RemoteUnavailable';
import { PageLoading, lazyPage } from './pages/lazyPage';
import { HELP_TOPIC_SLUGS, helpTopicPath } from './pages/help/slugs';

// Pages the home page does not need (long texts, and what a traveller opening the staff area is told): each is
// downloaded on its first visit.
const TermsPage = lazyPage(() => import('./pages/TermsPage').then((page) => page.TermsPage));
const PrivacyPage = lazyPage(() => import('./pages/PrivacyPage').then((page) => page.PrivacyPage));
const NotAuthorisedPage = lazyPage(() =>
  import('./pages/NotAuthorisedPage').then((page) => page.NotAuthorisedPage),
);
const HelpIndexPage = lazyPage(() =>
  import('./pages/help/HelpPages').then((page) => page.HelpIndexPage),
);
const HelpTopicPage = lazyPage(() =>
  import('./pages/help/HelpPages').then((page) => page.HelpTopicPage),
);

/** The downloaded-on-demand pages by address, for loading ahead of hydrating their prerendered HTML. */
export const LAZY_PAGES: Record<string, { preload: () => Promise<unknown> }> = {
  '/terms': TermsPage,
  '/privacy': PrivacyPage,
  '/help': HelpIndexPage,
  ...Object.fromEntries(HELP_TOPIC_SLUGS.map((slug) => [helpTopicPath(slug), HelpTopicPage])),
};

export interface AppProps {
  registry: RemoteRegistry;
}

/** The portal's top-level routes; each area's pages come from its remote, downloaded on first visit. */
export function App({ registry }: AppProps) {
  const loading = <PageLoading />;
  return (
    <RemoteProvider
      registry={registry}
      loading={loading}
      renderError={({ error, retry }) => (
        <RemoteUnavailable onRetry={retry} updating={error instanceof RemoteVersionError} />
      )}
    >
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="help" element={<HelpIndexPage />} />
          <Route path="help/:topic" element={<HelpTopicPage />} />
          {Object.entries(REMOTE_MOUNTS).map(([mount, remote]) => {
            const routes = <RemoteRoutes remote={remote} mount={mount} />;
            return (
              <Route
                key={mount}
                path={`${mount}/*`}
                element={
                  remote === 'admin' ? (
                    <RequireAdmin loading={loading} forbidden={<NotAuthorisedPage />}>
                      {routes}
                    </RequireAdmin>
                  ) : (
                    routes
                  )
                }
              />
            );
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RemoteProvider>
  );
}
