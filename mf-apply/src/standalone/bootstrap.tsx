import '@waypoint/ui/src/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import {
  BrowserRouter,
  Link,
  StandaloneRoutes,
  createAppStore,
  loadProfile,
} from '@waypoint/platform';
import { mounts } from '../routes';

const store = createAppStore();
void store.dispatch(loadProfile());

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <header className="wp-header">
            <div className="wp-container wp-header__inner">
              <Link to="/application/trip-details" className="wp-brand">
                Waypoint application (development)
              </Link>
            </div>
          </header>
          <main className="wp-main">
            <StandaloneRoutes module={{ mounts }} />
          </main>
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}
