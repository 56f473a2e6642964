import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore, RemoteRegistry } from '@waypoint/platform';
import { App } from './App';

export interface RootProps {
  store: AppStore;
  registry: RemoteRegistry;
  /** BrowserRouter in the browser; a StaticRouter at the page's address when the build prerenders it. */
  Router: ComponentType<{ children: ReactNode }>;
}

/**
 * The whole portal as one element. The browser and the build's prerender step render exactly this tree, so the
 * HTML written at build time hydrates without a mismatch.
 */
export function Root({ store, registry, Router }: RootProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <Router>
          <App registry={registry} />
        </Router>
      </Provider>
    </StrictMode>
  );
}
