import '@waypoint/ui/src/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import {
  BrowserRouter,
  createAppStore,
  createRemoteRegistry,
  loadProfile,
} from '@waypoint/platform';
import { App } from './App';
import { loadRemoteRoutes } from './remotes';

const store = createAppStore();
// Who is signed in: asked before the first render so guarded pages wait for the answer.
void store.dispatch(loadProfile());

const registry = createRemoteRegistry({
  load: loadRemoteRoutes,
  onError: (error) => {
    if (typeof window.reportError === 'function') window.reportError(error);
  },
});

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <App registry={registry} />
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}
