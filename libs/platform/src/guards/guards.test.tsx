import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  SECOND_FACTOR_REQUIRED_ACTION,
  setAuthenticated,
  setLoading,
  setUser,
} from '../auth/authSlice';
import { createAppStore } from '../store';
import { RequireAdmin, RequireAuth } from './guards';

const memoryStorage = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
};

function SecondFactorProbe() {
  const location = useLocation();
  return <p>Second factor page {location.search}</p>;
}

function LoginProbe() {
  const location = useLocation();
  return <p>Login page {location.search}</p>;
}

function renderGuarded(setup: (store: ReturnType<typeof createAppStore>) => void, admin = false) {
  const store = createAppStore({ storage: memoryStorage() as unknown as Storage });
  setup(store);
  const page = <p>Protected page</p>;
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/orders?tab=old']}>
        <Routes>
          <Route path="/auth/login" element={<LoginProbe />} />
          <Route path="/auth/second-factor" element={<SecondFactorProbe />} />
          <Route
            path="/orders"
            element={
              admin ? (
                <RequireAdmin loading={<p>Loading…</p>} forbidden={<p>Not authorised</p>}>
                  {page}
                </RequireAdmin>
              ) : (
                <RequireAuth loading={<p>Loading…</p>}>{page}</RequireAuth>
              )
            }
          />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const user = {
  id: 'u1',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  nationality: null,
  role: 'user' as const,
};

describe('route guards', () => {
  it('shows the spinner while it is not yet known who is signed in', () => {
    renderGuarded((s) => s.dispatch(setLoading(true)));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByText('Protected page')).not.toBeInTheDocument();
  });

  it('keeps the page on screen while a signed-in user saves or logs out', () => {
    renderGuarded((s) => {
      s.dispatch(setUser(user));
      s.dispatch(setAuthenticated(true));
      s.dispatch(setLoading(true));
    });
    expect(screen.getByText('Protected page')).toBeInTheDocument();
  });

  it('sends a guest to login remembering the path', () => {
    renderGuarded(() => undefined);
    expect(
      screen.getByText(`Login page ?redirect=${encodeURIComponent('/orders?tab=old')}`),
    ).toBeInTheDocument();
  });

  it('keeps an admin page closed while the session is being confirmed', () => {
    renderGuarded((s) => {
      s.dispatch(setUser({ ...user, role: 'admin' }));
      s.dispatch(setAuthenticated(true));
      s.dispatch(setLoading(true));
    }, true);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByText('Protected page')).not.toBeInTheDocument();
  });

  it('shows not authorised to a traveller on an admin page', () => {
    renderGuarded((s) => {
      s.dispatch(setUser(user));
      s.dispatch(setAuthenticated(true));
    }, true);
    expect(screen.getByText('Not authorised')).toBeInTheDocument();
  });

  it('sends a staff member without the second factor to its screen, remembering the path', () => {
    for (const secondFactor of ['setup-required', 'required'] as const) {
      renderGuarded((s) => {
        s.dispatch(setUser({ ...user, role: 'admin', secondFactor }));
        s.dispatch(setAuthenticated(true));
      }, true);
      expect(
        screen.getByText(`Second factor page ?redirect=${encodeURIComponent('/orders?tab=old')}`),
      ).toBeInTheDocument();
      expect(screen.queryByText('Protected page')).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('opens the staff area to admins and caseworkers once the second factor is done', () => {
    for (const role of ['admin', 'caseworker'] as const) {
      renderGuarded((s) => {
        s.dispatch(setUser({ ...user, role, secondFactor: 'verified' }));
        s.dispatch(setAuthenticated(true));
      }, true);
      expect(screen.getByText('Protected page')).toBeInTheDocument();
      cleanup();
    }
  });

  it('sends the staff member back to the second factor when the API asks for it', async () => {
    const store = renderGuarded((s) => {
      s.dispatch(setUser({ ...user, role: 'admin', secondFactor: 'verified' }));
      s.dispatch(setAuthenticated(true));
    }, true);
    act(() => {
      store.dispatch({ type: SECOND_FACTOR_REQUIRED_ACTION });
    });
    expect(await screen.findByText(/Second factor page/)).toBeInTheDocument();
  });
});
