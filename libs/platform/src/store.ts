import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type EnhancedStore,
  type Middleware,
  type Reducer,
  type StoreEnhancer,
  type ThunkDispatch,
  type Tuple,
  type UnknownAction,
  type Slice,
  type SliceCaseReducers,
  type SliceSelectors,
} from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { api } from './api/api';
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
).withLazyLoadedSlices<LazyLoadedSlices>();

/** Middleware that arrives with code loaded later (the RTK Query API), applied to every store of the page. */
const lateMiddleware = createDynamicMiddleware();

/** Every store created on this page, so a later extension reaches the ones that already exist. */
const liveStores = new Set<WeakRef<{ dispatch: (action: { type: string }) => unknown }>>();

/** Tells existing stores that a slice joined them, so its initial state is in place at once. */
export const storeExtended = createAction<string>('platform/storeExtended');

/** A slice with middleware of its own, such as an RTK Query API. */
export interface StoreExtension {
  slice: { reducerPath: string; reducer: Reducer };
  middleware: Middleware[];
}

/**
 * Adds a slice and its middleware to every store, present and future. The RTK Query API does this when its module
 * loads (`@waypoint/platform/api`), so pages that never call it never download it.
 */
export function extendStores({ slice, middleware }: StoreExtension): void {
  rootReducer.inject(slice);
  lateMiddleware.addMiddleware(...middleware);
  for (const ref of liveStores) {
    const store = ref.deref();
    if (store) store.dispatch(storeExtended(slice.reducerPath));
    else liveStores.delete(ref);
  }
}

/**
 * The state of the one store. The RTK Query slice joins when `@waypoint/platform/api` loads, before any code that
 * reads or dispatches to it can run (that code imports the API), so its state is typed as always present.
 */
export type RootState = ReturnType<typeof rootReducer> & {
  [api.reducerPath]: ReturnType<typeof api.reducer>;
};

export interface CreateAppStoreOptions {
  /** Where auth and selection survive reloads; defaults to localStorage. `null` keeps nothing. */
  storage?: Storage | null;
}

/** The one store, with the state and dispatch of {@link RootState}. */
export type AppStore = EnhancedStore<
  RootState,
  UnknownAction,
  Tuple<
    [StoreEnhancer<{ dispatch: ThunkDispatch<RootState, undefined, UnknownAction> }>, StoreEnhancer]
  >
>;

/** Creates the portal's store: auth and selection restored from storage, and saved back when they change. */
export function createAppStore({
  storage = browserStorage(),
}: CreateAppStoreOptions = {}): AppStore {
  const user = readPersistedUser(storage);
  const selection = readPersistedSelection(storage);

  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      auth: { ...initialAuthState, user, isAuthenticated: user !== null },
      selection: selection ?? initialSelectionState,
    },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(lateMiddleware.middleware),
  });

  liveStores.add(new WeakRef(store));

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

  // Typed with the API slice that joins later (see RootState).
  return store as unknown as AppStore;
}
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/**
 * Adds a remote's own slice to the one store when the remote loads. Returns the injected slice, whose
 * selectors work before its first action has run. Endpoints are added with `api.injectEndpoints`
 * (`@waypoint/platform/api`).
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
