export {
  API_BASE,
  isApiError,
  isNetworkError,
  NETWORK_ERROR_CODE,
  NO_REPLY,
  NO_REPLY_UNSAVED,
  noReply,
  readEnvelope,
  readReplyText,
  requestEnvelope,
  UNREADABLE,
  type ApiError,
  type EnvelopeOutcome,
  type EnvelopeRequest,
} from './api/envelope';
export {
  useCountries,
  resetCountriesForTests,
  type CountriesState,
} from './reference/useCountries';
export {
  AuthErrorText,
  authSlice,
  clearError,
  initialAuthState,
  loadProfile,
  profileFromPage,
  login,
  logout,
  register,
  saveLocale,
  selectAuth,
  selectAuthError,
  selectAuthLoading,
  selectAuthNotice,
  selectIsAuthenticated,
  selectUser,
  setAuthenticated,
  setError,
  setLoading,
  setNotice,
  setUser,
  updateProfile,
  userChanged,
  SECOND_FACTOR_REQUIRED_ACTION,
  verifyEmail,
  verifyMagicLink,
  verifySecondFactor,
  type AuthFailure,
  type AuthState,
} from './auth/authSlice';
export {
  needsSecondFactor,
  noticeFromReply,
  toAuthUser,
  userDisplayName,
  userFromReply,
  userInitial,
  type AuthUser,
} from './auth/user';
export {
  DEFAULT_COUNTRY_ID,
  initialSelectionState,
  selectCountry,
  selectSelectedCountryId,
  selectSelectedVisaTypeId,
  selectVisaType,
  selectionSlice,
  type SelectionState,
} from './selection/selectionSlice';
export { AUTH_STORAGE_KEY, SELECTION_STORAGE_KEY } from './persistence';
export {
  createAppStore,
  extendStores,
  injectRemoteSlice,
  storeExtended,
  rootReducer,
  useAppDispatch,
  useAppSelector,
  useAppStore,
  type AppDispatch,
  type AppStore,
  type CreateAppStoreOptions,
  type LazyLoadedSlices,
  type RootState,
  type StoreExtension,
} from './store';
export {
  RemoteLoadError,
  RemoteVersionError,
  createRemoteRegistry,
  remoteLoadFailure,
  isRemoteRoutesModule,
  type RemoteModuleLoader,
  type RemoteName,
  type RemoteRegistry,
  type RemoteRegistryOptions,
  type RemoteRoutesModule,
} from './remotes/registry';
export {
  RemoteErrorBoundary,
  RemoteProvider,
  RemoteRoutes,
  useRemoteContext,
  type RemoteContextValue,
  type RemoteRoutesProps,
} from './remotes/RemoteRoutes';
export {
  LOGIN_PATH,
  SECOND_FACTOR_PATH,
  RequireAdmin,
  RequireAuth,
  loginRedirectPath,
  safeRedirectTarget,
} from './guards/guards';
export { NotFoundPage } from './pages/NotFoundPage';
export { useHydrated } from '@waypoint/ui';
export {
  fieldErrorsFromIssues,
  fieldErrorsOf,
  fieldPath,
  knownFieldErrors,
  setCatalogMessageCheck,
  shownMessage,
  summaryLines,
  useFormErrors,
  type FieldProblem,
  type FormFields,
  type SummaryLine,
} from './forms/formErrors';
export { lazyComponent, trackPromise, type LazyComponent } from './lazy';
// The router APIs, listed once in router.ts.
export * from './router';
