import { api } from '../api/api';
import { createAppStore } from '../store';
import { AUTH_STORAGE_KEY } from '../persistence';
import { jsonResponse, answerRequests } from '../test-utils';
import {
  clearError,
  loadProfile,
  login,
  logout,
  register,
  setError,
  updateProfile,
  selectAuthNotice,
  SECOND_FACTOR_REQUIRED_ACTION,
  setUser,
  verifyEmail,
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

describe('auth notices and the second factor', () => {
  it('keeps the notice a sign-in brought, and forgets it at the next sign-in without one', async () => {
    const store = newStore();
    answerRequests(
      jsonResponse({ success: true, data: { user, notice: 'Other browsers were signed out.' } }),
      jsonResponse({ success: true, data: { user } }),
    );
    await store.dispatch(verifyMagicLink('token-1'));
    expect(selectAuthNotice(store.getState())).toBe('Other browsers were signed out.');
    await store.dispatch(verifyMagicLink('token-2'));
    expect(selectAuthNotice(store.getState())).toBeNull();
  });

  it('marks a verified staff session as needing its code again when the API asks for it', () => {
    const store = newStore();
    store.dispatch(setUser({ ...user, role: 'admin', secondFactor: 'verified' }));
    store.dispatch({ type: SECOND_FACTOR_REQUIRED_ACTION });
    expect(store.getState().auth.user?.secondFactor).toBe('required');
    store.dispatch(setUser({ ...user, role: 'admin', secondFactor: 'setup-required' }));
    store.dispatch({ type: SECOND_FACTOR_REQUIRED_ACTION });
    expect(store.getState().auth.user?.secondFactor).toBe('setup-required');
  });
});

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
      answerRequests(jsonResponse({ success: true, data: { user } }));
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
      answerRequests(failure('Invalid email or password', 401));
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
      answerRequests(jsonResponse({ success: true, data: {} }));
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
    answerRequests(failure(undefined, 500));
    await store.dispatch(login({ email: user.email, password: 'x' }));
    expect(store.getState().auth.error).toBe('Request failed');
  });

  it('logout clears the user on success and keeps the error on failure', async () => {
    const store = newStore();
    answerRequests(jsonResponse({ success: true, data: { user } }));
    await store.dispatch(login({ email: user.email, password: 'secret-password' }));

    answerRequests(failure(undefined, 500));
    const failing = store.dispatch(logout());
    expect(store.getState().auth.isLoading).toBe(true);
    await failing;
    expect(store.getState().auth).toMatchObject({
      user,
      isAuthenticated: true,
      isLoading: false,
      error: 'Request failed',
    });

    answerRequests(new TypeError('offline'));
    await store.dispatch(logout());
    expect(store.getState().auth.error).toBe(
      'We could not reach Waypoint. Check your connection and try again.',
    );

    answerRequests(jsonResponse({ success: true, data: null }));
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
    answerRequests(jsonResponse({ success: false, error: '   ' }));
    await store.dispatch(logout());
    expect(store.getState().auth.error).toBe('Logout failed');
  });

  it('loadProfile stores the user, and treats a 401 as a guest without an error', async () => {
    const store = newStore();
    answerRequests(jsonResponse({ success: true, data: user }));
    const pending = store.dispatch(loadProfile());
    expect(store.getState().auth.isLoading).toBe(true);
    await pending;
    expect(store.getState().auth).toEqual({
      user,
      isAuthenticated: true,
      isLoading: false,
      error: null,
    });

    answerRequests(failure('Not signed in', 401));
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
    answerRequests(jsonResponse({ success: true, data: { ...user, firstName: 'Augusta' } }));
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

    answerRequests(failure(undefined, 500));
    await store.dispatch(
      updateProfile({ firstName: 'A', lastName: 'L', nationality: null, email: user.email }),
    );
    expect(store.getState().auth).toMatchObject({ isLoading: false, error: 'Request failed' });

    // The server unreachable: the profile says so, and that nothing was saved (not 'Unknown error').
    answerRequests(new TypeError('Failed to fetch'));
    const offline = await store.dispatch(
      updateProfile({ firstName: 'A', lastName: 'L', nationality: null, email: user.email }),
    );
    const unsaved =
      'We could not reach Waypoint. Your changes are not saved. Check your connection and try again.';
    expect(offline.payload).toBe(unsaved);
    expect(store.getState().auth).toMatchObject({ isLoading: false, error: unsaved });
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

  it('keeps the account fields the screens need (verified, password, pending email) when saving', async () => {
    const store = newStore();
    const full = { ...user, emailVerified: false, hasPassword: false, pendingEmail: null };
    answerRequests(jsonResponse({ success: true, data: { user: { ...full, passwordHash: 'x' } } }));
    await store.dispatch(login({ email: user.email, password: 'secret-password' }));
    expect(store.getState().auth.user).toEqual(full);
    expect(JSON.parse(window.localStorage.getItem(AUTH_STORAGE_KEY) ?? '{}')).toEqual({
      user: full,
    });
  });

  it("passes the server's field errors and code along with a failed registration", async () => {
    const store = newStore();
    answerRequests(
      jsonResponse(
        {
          success: false,
          error: 'Please correct the highlighted fields',
          code: 'VALIDATION_FAILED',
          fieldErrors: { password: 'This password is too common.' },
          requestId: 'r',
        },
        400,
      ),
    );
    const result = await store.dispatch(
      register({ firstName: 'Ada', lastName: 'L', email: user.email, password: 'password1' }),
    );
    expect(register.rejected.match(result)).toBe(true);
    expect(result.payload).toBe('Please correct the highlighted fields');
    expect(result.meta).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fieldErrors: { password: 'This password is too common.' },
    });
  });

  it('verifyEmail sends the code and stores the updated user, without the loading flag', async () => {
    const store = newStore();
    answerRequests(jsonResponse({ success: true, data: { user } }));
    await store.dispatch(login({ email: user.email, password: 'secret-password' }));

    const requests = answerRequests(
      jsonResponse({ success: true, data: { ...user, email: 'augusta@example.com' } }),
    );
    const pending = store.dispatch(verifyEmail('123456'));
    expect(store.getState().auth.isLoading).toBe(false);
    await pending;
    expect(store.getState().auth.user?.email).toBe('augusta@example.com');
    expect(requests).toHaveLength(1);
    const request = requests[0] as Request;
    expect(request.url).toMatch(/\/api\/auth\/verify-email$/);
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.text()).toBe('{"code":"123456"}');

    answerRequests(jsonResponse({ success: false }));
    const failed = await store.dispatch(verifyEmail('000000'));
    expect(failed.payload).toBe('Verification failed');
    expect(store.getState().auth.user?.email).toBe('augusta@example.com');
  });

  it('logs out with a JSON body, as every state-changing call', async () => {
    const store = newStore();
    const requests = answerRequests(jsonResponse({ success: true, data: { loggedOut: true } }));
    await store.dispatch(logout());
    expect(requests).toHaveLength(1);
    const request = requests[0] as Request;
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.text()).toBe('{}');
  });

  it("forgets the previous user's orders when signing out", async () => {
    const ordersApi = api.injectEndpoints({
      endpoints: (build) => ({
        ordersForTest: build.query<unknown[], void>({
          query: () => '/orders-for-test',
          providesTags: ['Order'],
        }),
      }),
    });
    const store = newStore();
    answerRequests(jsonResponse({ success: true, data: [{ id: 'o1' }] }));
    const query = store.dispatch(ordersApi.endpoints.ordersForTest.initiate());
    await query;
    query.unsubscribe();
    expect(ordersApi.endpoints.ordersForTest.select()(store.getState()).data).toEqual([
      { id: 'o1' },
    ]);

    answerRequests(jsonResponse({ success: true, data: { loggedOut: true } }));
    await store.dispatch(logout());
    expect(ordersApi.endpoints.ordersForTest.select()(store.getState()).data).toBeUndefined();
  });
});
