import {
  createAction,
  createAsyncThunk,
  createSlice,
  type Dispatch,
  type PayloadAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import {
  isStaffRole,
  type FieldErrors,
  type Locale,
  type LoginBody,
  type RegisterBody,
  type UpdateProfileBody,
} from '@waypoint/contracts';
import { activateLocale, pageLocale, rememberLocale } from '@waypoint/ui';
import { isApiError, requestEnvelope } from '../api/envelope';
import { noticeFromReply, userFromReply, type AuthUser } from './user';

/** Client auth state (spec section 3). */
export interface AuthState {
  user: AuthUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  /**
   * What the last sign-in or check told the user to see on screen (e.g. other browsers were signed out when the
   * address was confirmed for the first time); null when nothing.
   */
  notice?: string | null;
}

export const initialAuthState: AuthState = {
  user: null,
  isAuthenticated: false,
  isLoading: false,
  error: null,
};

/** Fallback texts of the auth store (spec section 8). */
export const AuthErrorText = {
  login: 'Login failed',
  register: 'Registration failed',
  logout: 'Logout failed',
  verify: 'Verification failed',
  updateProfile: 'Failed to update profile',
} as const;

/** What a failed auth call adds to its rejected action, for screens that show errors per field. */
export interface AuthFailure {
  /** The HTTP status, or 0 when no reply could be read. */
  status: number;
  code?: string;
  fieldErrors?: FieldErrors;
}

type ThunkConfig = { rejectValue: string; rejectedMeta: AuthFailure };

/**
 * Dispatched by the API base query when the server answers 403 SECOND_FACTOR_REQUIRED: the guard then sends a
 * staff member to the second-factor screen.
 */
export const SECOND_FACTOR_REQUIRED_ACTION = 'auth/secondFactorRequired';

function messageOf(error: unknown, fallback: string): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message;
  return fallback;
}

function failureOf(error: unknown): AuthFailure {
  if (!isApiError(error)) return { status: 0 };
  const failure: AuthFailure = { status: error.status };
  if (error.code) failure.code = error.code;
  if (error.fieldErrors) failure.fieldErrors = error.fieldErrors;
  return failure;
}

/**
 * Someone signed in or out: what was cached for the previous user (orders, applications) must go. The RTK Query API
 * (`@waypoint/platform/api`) drops its user data on this action.
 */
export const userChanged = createAction('auth/userChanged');

/**
 * The account's language becomes the page's (and is kept in the cookie) when they differ: after a sign-in, and
 * when the profile loads. An account without one yet takes the page's, so its e-mails follow.
 */
function adoptLocale(locale: Locale | null | undefined, dispatch: Dispatch<UnknownAction>) {
  if (locale === undefined || locale === pageLocale()) return;
  if (locale === null) {
    putLocale(pageLocale(), dispatch);
    return;
  }
  rememberLocale(locale);
  void activateLocale(locale);
}

/** A thunk that makes one call and expects a user back; any failure rejects with a message. */
function userThunk<Arg>(
  type: string,
  fallback: string,
  request: (arg: Arg) => { url: string; method: string; body?: unknown },
  { newSession = false, signedIn = newSession }: { newSession?: boolean; signedIn?: boolean } = {},
) {
  return createAsyncThunk<AuthUser, Arg, ThunkConfig>(type, async (arg, thunkApi) => {
    let data: unknown;
    try {
      data = await requestEnvelope(request(arg), thunkApi);
    } catch (error) {
      return thunkApi.rejectWithValue(messageOf(error, fallback), failureOf(error));
    }
    const user = userFromReply(data);
    if (!user) return thunkApi.rejectWithValue(fallback, { status: 200 });
    if (newSession) thunkApi.dispatch(userChanged());
    if (signedIn) adoptLocale(user.locale, thunkApi.dispatch);
    // A sign-in or check may bring a notice for the page the user lands on (read with selectAuthNotice).
    const notice = noticeFromReply(data) ?? null;
    const previous = (thunkApi.getState() as { auth?: AuthState }).auth?.notice ?? null;
    if (notice !== previous) thunkApi.dispatch(authSlice.actions.setNotice(notice));
    return user;
  });
}

export const login = userThunk<LoginBody>(
  'auth/login',
  AuthErrorText.login,
  (body) => ({ url: '/auth/login', method: 'POST', body }),
  { newSession: true },
);

export const register = userThunk<RegisterBody>(
  'auth/register',
  AuthErrorText.register,
  (body) => ({ url: '/auth/register', method: 'POST', body }),
  { newSession: true },
);

export const verifyMagicLink = userThunk<string>(
  'auth/verifyMagicLink',
  AuthErrorText.verify,
  (token) => ({ url: '/auth/verify-token', method: 'POST', body: { token } }),
  { newSession: true },
);

/**
 * Confirms the signed-in user's e-mail with the 6-digit code (or applies a pending change of address) and stores
 * the updated user. It leaves `isLoading` alone: the page asking for the code stays on screen meanwhile.
 */
export const verifyEmail = userThunk<string>('auth/verifyEmail', AuthErrorText.verify, (code) => ({
  url: '/auth/verify-email',
  method: 'POST',
  body: { code },
}));

export const updateProfile = userThunk<UpdateProfileBody>(
  'auth/updateProfile',
  AuthErrorText.updateProfile,
  (body) => ({ url: '/auth/profile', method: 'PUT', body }),
);

/** The second step of a staff sign-in: an authenticator code or a recovery code. */
export const verifySecondFactor = userThunk<string>(
  'auth/verifySecondFactor',
  AuthErrorText.verify,
  (code) => ({ url: '/auth/second-factor/verify', method: 'POST', body: { code } }),
  { newSession: true },
);

/** Loads the current user; a 401 simply means a guest. */
export const loadProfile = userThunk<void>(
  'auth/loadProfile',
  '',
  () => ({ url: '/auth/profile', method: 'GET' }),
  { signedIn: true },
);

/**
 * Starts from the user the page itself carries (a staff page sent to its member of staff) as from loadProfile's
 * answer, without asking again.
 */
export const profileFromPage = (user: AuthUser) => (dispatch: Dispatch<UnknownAction>) => {
  dispatch(loadProfile.fulfilled(user, 'page', undefined));
  adoptLocale(user.locale, dispatch);
};

/**
 * Keeps a language chosen with the picker in the signed-in traveller's profile (their e-mails use it). Nothing for
 * a guest; a failure is ignored (the cookie still holds the choice).
 */
export const saveLocale =
  (locale: Locale) => (dispatch: Dispatch<UnknownAction>, getState: () => { auth?: AuthState }) => {
    if (getState().auth?.user) putLocale(locale, dispatch);
  };

/** Saves the account's language; the reply's user is stored, a failure ignored. */
function putLocale(locale: Locale, dispatch: Dispatch<UnknownAction>) {
  requestEnvelope(
    { url: '/auth/profile/locale', method: 'PUT', body: { locale } },
    { dispatch },
  ).then(
    (data) => {
      const user = userFromReply(data);
      if (user) dispatch(authSlice.actions.setUser(user));
    },
    () => undefined,
  );
}

export const logout = createAsyncThunk<void, void, ThunkConfig>(
  'auth/logout',
  async (_arg, thunkApi) => {
    try {
      // An empty JSON body: state-changing calls always send `content-type: application/json`.
      await requestEnvelope({ url: '/auth/logout', method: 'POST', body: {} }, thunkApi);
    } catch (error) {
      return thunkApi.rejectWithValue(messageOf(error, AuthErrorText.logout), failureOf(error));
    }
    thunkApi.dispatch(userChanged());
  },
);

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    setUser(state, action: PayloadAction<AuthUser | null>) {
      state.user = action.payload;
      state.isAuthenticated = action.payload !== null;
    },
    setAuthenticated(state, action: PayloadAction<boolean>) {
      state.isAuthenticated = action.payload;
    },
    setLoading(state, action: PayloadAction<boolean>) {
      state.isLoading = action.payload;
    },
    setError(state, action: PayloadAction<string | null>) {
      state.error = action.payload;
    },
    clearError(state) {
      state.error = null;
    },
    setNotice(state, action: PayloadAction<string | null>) {
      state.notice = action.payload;
    },
  },
  extraReducers: (builder) => {
    const signIn = [login, register, verifyMagicLink] as const;
    const fallbacks = [AuthErrorText.login, AuthErrorText.register, AuthErrorText.verify] as const;
    signIn.forEach((thunk, index) => {
      builder
        .addCase(thunk.pending, (state) => {
          state.isLoading = true;
          state.error = null;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          state.user = action.payload;
          state.isAuthenticated = true;
          state.isLoading = false;
        })
        .addCase(thunk.rejected, (state, action) => {
          state.error = action.payload ?? fallbacks[index] ?? null;
          state.isLoading = false;
        });
    });

    builder
      .addCase(logout.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(logout.fulfilled, (state) => {
        state.user = null;
        state.isAuthenticated = false;
        state.error = null;
        state.isLoading = false;
      })
      .addCase(logout.rejected, (state, action) => {
        state.error = action.payload ?? AuthErrorText.logout;
        state.isLoading = false;
      })
      .addCase(loadProfile.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(loadProfile.fulfilled, (state, action) => {
        state.user = action.payload;
        state.isAuthenticated = true;
        state.isLoading = false;
      })
      .addCase(loadProfile.rejected, (state) => {
        state.user = null;
        state.isAuthenticated = false;
        state.isLoading = false;
      })
      .addCase(updateProfile.pending, (state) => {
        state.isLoading = true;
        state.error = null;
      })
      .addCase(updateProfile.fulfilled, (state, action) => {
        state.user = action.payload;
        state.isLoading = false;
      })
      .addCase(updateProfile.rejected, (state, action) => {
        state.error = action.payload ?? AuthErrorText.updateProfile;
        state.isLoading = false;
      })
      .addCase(verifyEmail.fulfilled, (state, action) => {
        state.user = action.payload;
      })
      .addCase(verifySecondFactor.fulfilled, (state, action) => {
        state.user = action.payload;
      })
      .addMatcher(
        (action) => action.type === SECOND_FACTOR_REQUIRED_ACTION,
        (state) => {
          if (isStaffRole(state.user?.role) && state.user?.secondFactor !== 'setup-required') {
            state.user.secondFactor = 'required';
          }
        },
      );
  },
  selectors: {
    selectAuth: (state) => state,
    selectUser: (state) => state.user,
    selectIsAuthenticated: (state) => state.isAuthenticated,
    selectAuthLoading: (state) => state.isLoading,
    selectAuthError: (state) => state.error,
    selectAuthNotice: (state) => state.notice ?? null,
  },
});

export const { setUser, setAuthenticated, setLoading, setError, clearError, setNotice } =
  authSlice.actions;
export const {
  selectAuth,
  selectUser,
  selectIsAuthenticated,
  selectAuthLoading,
  selectAuthError,
  selectAuthNotice,
} = authSlice.selectors;
