import {
  combineSlices,
  configureStore,
  type Slice,
  type SliceCaseReducers,
  type SliceSelectors,
} from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { api } from './api/api';
import { authSlice, initialAuthState } from './auth/authSlice';
import {
  browserStorage,
  readPersistedSelection,
  readPersistedUser,
  writePersistedSelection,
  writePersistedUser,
} from './persistence';
import { initialSelectionState, selectionSlice } from './selection/selectionSlice';

/**
 * Slices that remotes add when they load. A remote declares its own with module augmentation:
 * `declare module '@waypoint/platform' { interface LazyLoadedSlices { apply: ApplyState } }`.
 */
export interface LazyLoadedSlices {
  [reducerPath: string]: unknown;
}

/** The root reducer of the one store; remote slices are injected into it lazily. */
export const rootReducer = combineSlices(
  authSlice,
  selectionSlice,
  api,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export interface CreateAppStoreOptions {
  /** Where auth and selection survive reloads; defaults to localStorage. `null` keeps nothing. */
  storage?: Storage | null;
}

/** Creates the portal's store: auth and selection restored from storage, and saved back when they change. */
export function createAppStore({ storage = browserStorage() }: CreateAppStoreOptions = {}) {
  const user = readPersistedUser(storage);
  const selection = readPersistedSelection(storage);

  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      auth: { ...initialAuthState, user, isAuthenticated: user !== null },
      selection: selection ?? initialSelectionState,
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });

  let savedUser = store.getState().auth.user;
  let savedSelection = store.getState().selection;
  store.subscribe(() => {
    const state = store.getState();
    if (state.auth.user !== savedUser) {
      savedUser = state.auth.user;
      writePersistedUser(storage, savedUser);
    }
    if (state.selection !== savedSelection) {
      savedSelection = state.selection;
      writePersistedSelection(storage, savedSelection);
    }
  });

  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/**
 * Adds a remote's own slice to the one store when the remote loads. Returns the injected slice, whose
 * selectors work before its first action has run. Endpoints are added with `api.injectEndpoints`.
 */
export function injectRemoteSlice<
  State,
  CaseReducers extends SliceCaseReducers<State>,
  Name extends string,
  ReducerPath extends string,
  Selectors extends SliceSelectors<State>,
>(slice: Slice<State, CaseReducers, Name, ReducerPath, Selectors>) {
  return slice.injectInto(rootReducer);
}
