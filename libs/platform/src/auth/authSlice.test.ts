import { createAppStore } from '../store';
import { AUTH_STORAGE_KEY } from '../persistence';
import { jsonResponse, mockFetch } from '../test-utils';
import {
  clearError,
  loadProfile,
  login,
  logout,
  register,
  setError,
  updateProfile,
  verifyMagicLink,
} from './authSlice';

const user = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  nationality: 'GB',
  role: 'user' as const,
};

function newStore() {
  window.localStorage.clear();
  return createAppStore({ storage: window.localStorage });
}

function failure(error: string | undefined, status = 400) {
  return jsonResponse(
    { success: false, code: 'X', requestId: 'r', ...(error ? { error } : {}) },
    status,
  );
}

describe('auth slice', () => {
  it('starts signed out, not loading, without error', () => {
    expect(newStore().getState().auth).toEqual({
      user: null,
      isAuthenticated: false,
      isLoading: false,
      error: null,
    });
  });

  type Store = ReturnType<typeof newStore>;
  const signIns: Array<[string, (store: Store) => Promise<unknown>, string]> = [
    [
      'login',
      (store) => store.dispatch(login({ email: user.email, password: 'secret-password' })),
      'Login failed',
    ],
    [
      'register',
      (store) =>
        store.dispatch(
          register({
            firstName: 'Ada',
            lastName: 'Lovelace',
            email: user.email,
            password: 'secret-password',
          }),
        ),
      'Registration failed',
    ],
    [
      'verifyMagicLink',
      (store) => store.dispatch(verifyMagicLink('token-123')),
      'Verification failed',
    ],
  ];

  describe.each(signIns)('%s', (_name, thunk, fallback) => {
    it('sets loading and clears the error while pending, then stores the user', async () => {
      const store = newStore();
      store.dispatch(setError('Old error'));
      mockFetch(jsonResponse({ success: true, data: { user } }));
      const pending = thunk(store);
      expect(store.getState().auth).toMatchObject({ isLoading: true, error: null });
      await pending;
      expect(store.getState().auth).toEqual({
        user,
        isAuthenticated: true,
        isLoading: false,
        error: null,
      });
      expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toEqual({ user });
    });

    it("stores the server's error and stops loading on failure", async () => {
      const store = newStore();
      mockFetch(failure('Invalid email or password', 401));
      await thunk(store);
      expect(store.getState().auth).toEqual({
        user: null,
        isAuthenticated: false,
        isLoading: false,
        error: 'Invalid email or password',
      });
    });

    it(`falls back to '${fallback}' when the reply carries no user`, async () => {
      const store = newStore();
      mockFetch(jsonResponse({ success: true, data: {} }));
      await thunk(store);
      expect(store.getState().auth).toMatchObject({
        isLoading: false,
        error: fallback,
        isAuthenticated: false,
      });
    });
  });

  it("keeps 'Request failed' when the server gives no text", async () => {
    const store = newStore();
    mockFetch(failure(undefined, 500));
    await store.dispatch(login({ email: user.email, password: 'x' }));
    expect(store.getState().auth.error).toBe('Request failed');
  });

  it('logout clears the user on success and keeps the error on failure', async () => {
    const store = newStore();
    mockFetch(jsonResponse({ success: true, data: { user } }));
    await store.dispatch(login({ email: user.email, password: 'secret-password' }));

    mockFetch(failure(undefined, 500));
    const failing = store.dispatch(logout());
    expect(store.getState().auth.isLoading).toBe(true);
    await failing;
    expect(store.getState().auth).toMatchObject({
      user,
      isAuthenticated: true,
      isLoading: false,
      error: 'Request failed',
    });

    mockFetch(new TypeError('offline'));
    await store.dispatch(logout());
    expect(store.getState().auth.error).toBe('Unknown error');

    mockFetch(jsonResponse({ success: true, data: null }));
    await store.dispatch(logout());
    expect(store.getState().auth).toEqual({
      user: null,
      isAuthenticated: false,
      isLoading: false,
      error: null,
    });
    expect(window.localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it("falls back to 'Logout failed' when the server reports a failure without text", async () => {
    const store = newStore();
    mockFetch(jsonResponse({ success: false, error: '   ' }));
    await store.dispatch(logout());
    expect(store.getState().auth.error).toBe('Logout failed');
  });

  it('loadProfile stores the user, and treats a 401 as a guest without an error', async () => {
    const store = newStore();
    mockFetch(jsonResponse({ success: true, data: user }));
    const pending = store.dispatch(loadProfile());
    expect(store.getState().auth.isLoading).toBe(true);
    await pending;
    expect(store.getState().auth).toEqual({
      user,
      isAuthenticated: true,
      isLoading: false,
      error: null,
    });

    mockFetch(failure('Not signed in', 401));
    await store.dispatch(loadProfile());
    expect(store.getState().auth).toEqual({
      user: null,
      isAuthenticated: false,
      isLoading: false,
      error: null,
    });
  });

  it('updateProfile starts with loading and the error cleared, then stores the new user', async () => {
    const store = newStore();
    store.dispatch(setError('Old error'));
    mockFetch(jsonResponse({ success: true, data: { ...user, firstName: 'Augusta' } }));
    const pending = store.dispatch(
      updateProfile({
        firstName: 'Augusta',
        lastName: 'Lovelace',
        nationality: 'GB',
        email: user.email,
      }),
    );
    expect(store.getState().auth).toMatchObject({ isLoading: true, error: null });
    await pending;
    expect(store.getState().auth.user?.firstName).toBe('Augusta');

    mockFetch(failure(undefined, 500));
    await store.dispatch(
      updateProfile({ firstName: 'A', lastName: 'L', nationality: null, email: user.email }),
    );
    expect(store.getState().auth).toMatchObject({ isLoading: false, error: 'Request failed' });
  });

  it('clears the error on request', () => {
    const store = newStore();
    store.dispatch(setError('Something'));
    store.dispatch(clearError());
    expect(store.getState().auth.error).toBeNull();
  });

  it('restores the saved user (user fields only) when the store is created', () => {
    window.localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ user: { ...user, token: 'must-not-survive' }, isAuthenticated: true }),
    );
    const store = createAppStore({ storage: window.localStorage });
    expect(store.getState().auth).toMatchObject({ user, isAuthenticated: true });
    expect(store.getState().auth.user).not.toHaveProperty('token');
  });
});
