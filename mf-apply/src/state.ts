import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  CheckoutOrderResponse,
  ConfirmPaymentBody,
  ConfirmPaymentResponse,
  CreatePaymentIntentBody,
  CreatePaymentIntentResponse,
  DraftData,
  PageQueries,
  PassportInput,
  PaymentConfigResponse,
  ProcessingOptionsResponse,
  SandboxAuthenticateBody,
  SandboxConfirmBody,
  SandboxIntentResponse,
  SaveDraftResponse,
  SessionDataResponse,
  TravelerInput,
  WizardStepNumber,
} from '@waypoint/contracts';
import { MAX_TRAVELERS } from '@waypoint/contracts';
import { injectRemoteSlice, type AppDispatch } from '@waypoint/platform';
import { api } from '@waypoint/platform/api';

/** Wizard steps: 1 trip details, 2 your info, 3 passport, 4 processing time, 5 checkout. */
export type WizardStep = WizardStepNumber;

/** The last paid order, shown by the success page (kept for a reload of that page). */
export type Confirmation = Pick<ConfirmPaymentResponse, 'application' | 'signInLinkSent'>;

/** The idempotency key of a checkout and the order content it was made for. */
export interface CheckoutKey {
  key: string;
  fingerprint: string;
}

export interface ApplyState {
  /** The furthest step the traveller has reached. */
  currentStep: WizardStep;
  hasPlannedDates: boolean;
  /** YYYY-MM-DD, or '' when not chosen. */
  arrivalDate: string;
  travelers: TravelerInput[];
  selectedProcessingOption: string | null;
  checkoutKey: CheckoutKey | null;
  /** The traveller closed the "already started" banner. */
  bannerDismissed: boolean;
  confirmation: Confirmation | null;
}

export function emptyTraveler(): TravelerInput {
  return { firstName: '', lastName: '', dateOfBirth: '' };
}

export const initialApplyState: ApplyState = {
  currentStep: 1,
  hasPlannedDates: true,
  arrivalDate: '',
  travelers: [emptyTraveler()],
  selectedProcessingOption: null,
  checkoutKey: null,
  bannerDismissed: false,
  confirmation: null,
};

/** sessionStorage key of the wizard: a reload keeps it, a new tab starts afresh. */
export const APPLY_STORAGE_KEY = 'waypoint-apply';

function sessionStore(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function toStep(value: unknown): WizardStep {
  return value === 2 || value === 3 || value === 4 || value === 5 ? value : 1;
}

function toPassport(value: unknown): PassportInput | undefined {
  if (!isRecord(value)) return undefined;
  return {
    nationality: str(value.nationality),
    number: str(value.number),
    expirationDate: str(value.expirationDate),
    hasSecondNationality:
      typeof value.hasSecondNationality === 'boolean' ? value.hasSecondNationality : null,
    addLater: value.addLater === true,
  };
}

function toTraveler(value: unknown, index: number): TravelerInput {
  const source = isRecord(value) ? value : {};
  const traveler: TravelerInput = {
    firstName: str(source.firstName),
    lastName: str(source.lastName),
    dateOfBirth: str(source.dateOfBirth),
  };
  if (index === 0) traveler.email = str(source.email);
  const passport = toPassport(source.passport);
  if (passport) traveler.passport = passport;
  return traveler;
}

function toTravelers(value: unknown): TravelerInput[] {
  if (!Array.isArray(value) || value.length === 0) return [emptyTraveler()];
  return value.slice(0, MAX_TRAVELERS).map(toTraveler);
}

/** Reads the saved wizard; anything unreadable falls back to a fresh one. */
export function readApplyState(storage: Storage | null = sessionStore()): ApplyState {
  let saved: unknown;
  try {
    const raw = storage?.getItem(APPLY_STORAGE_KEY);
    saved = raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    saved = null;
  }
  if (!isRecord(saved)) return initialApplyState;
  const key = saved.checkoutKey;
  const confirmation = saved.confirmation;
  return {
    currentStep: toStep(saved.currentStep),
    hasPlannedDates: saved.hasPlannedDates !== false,
    arrivalDate: str(saved.arrivalDate),
    travelers: toTravelers(saved.travelers),
    selectedProcessingOption: str(saved.selectedProcessingOption) || null,
    checkoutKey:
      isRecord(key) && typeof key.key === 'string' && typeof key.fingerprint === 'string'
        ? { key: key.key, fingerprint: key.fingerprint }
        : null,
    bannerDismissed: saved.bannerDismissed === true,
    confirmation:
      isRecord(confirmation) && isRecord(confirmation.application)
        ? (confirmation as unknown as Confirmation)
        : null,
  };
}

export function writeApplyState(state: ApplyState, storage: Storage | null = sessionStore()): void {
  try {
    storage?.setItem(APPLY_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or blocked: the wizard simply does not survive a reload.
  }
}

declare module '@waypoint/platform' {
  interface LazyLoadedSlices {
    apply: ApplyState;
  }
}

/** A wizard as the spec's reset leaves it: step 1, no dates planned, one empty traveller, no option. */
function resetWizard(state: ApplyState) {
  state.currentStep = 1;
  state.hasPlannedDates = false;
  state.arrivalDate = '';
  state.travelers = [emptyTraveler()];
  state.selectedProcessingOption = null;
  state.checkoutKey = null;
  state.bannerDismissed = false;
}

const applySlice = createSlice({
  name: 'apply',
  // Read lazily, so a store created after a reload starts from the saved wizard.
  initialState: () => readApplyState(),
  reducers: {
    reachStep(state, action: PayloadAction<WizardStep>) {
      if (action.payload > state.currentStep) state.currentStep = action.payload;
    },
    setHasPlannedDates(state, action: PayloadAction<boolean>) {
      state.hasPlannedDates = action.payload;
      if (!action.payload) state.arrivalDate = '';
    },
    setArrivalDate(state, action: PayloadAction<string>) {
      state.arrivalDate = action.payload;
    },
    updateTraveler(
      state,
      action: PayloadAction<{ index: number; changes: Partial<TravelerInput> }>,
    ) {
      const traveler = state.travelers[action.payload.index];
      if (traveler) Object.assign(traveler, action.payload.changes);
    },
    updatePassport(state, action: PayloadAction<{ index: number; passport: PassportInput }>) {
      const traveler = state.travelers[action.payload.index];
      if (traveler) traveler.passport = action.payload.passport;
    },
    addTraveler(state) {
      if (state.travelers.length < MAX_TRAVELERS) state.travelers.push(emptyTraveler());
    },
    removeTraveler(state, action: PayloadAction<number>) {
      if (state.travelers.length <= 1) return;
      state.travelers.splice(action.payload, 1);
      const first = state.travelers[0];
      if (first && first.email === undefined) first.email = '';
      state.travelers.forEach((traveler, index) => {
        if (index > 0) delete traveler.email;
      });
    },
    selectProcessingOption(state, action: PayloadAction<string | null>) {
      state.selectedProcessingOption = action.payload;
    },
    setCheckoutKey(state, action: PayloadAction<CheckoutKey>) {
      state.checkoutKey = action.payload;
    },
    dismissBanner(state) {
      state.bannerDismissed = true;
    },
    /** Continue Application: the saved draft replaces the wizard. */
    restoreDraft(state, action: PayloadAction<DraftData>) {
      const draft = action.payload;
      state.currentStep = toStep(draft.currentStep);
      state.hasPlannedDates = draft.hasPlannedDates;
      state.arrivalDate = draft.arrivalDate ?? '';
      state.travelers = toTravelers(draft.travelers);
      const first = state.travelers[0];
      if (first && !first.email && draft.email) first.email = draft.email;
      state.selectedProcessingOption = draft.selectedProcessingOption;
      state.checkoutKey = null;
      state.bannerDismissed = true;
    },
    /** A paid order: kept for the success page. */
    setConfirmation(state, action: PayloadAction<Confirmation>) {
      state.confirmation = action.payload;
    },
    /** The success page resets the wizard (the confirmation stays for a reload of that page). */
    resetApplication(state) {
      resetWizard(state);
    },
    /** Submit New Application: a fresh wizard, nothing left of the last order. */
    startNewApplication(state) {
      resetWizard(state);
      state.confirmation = null;
    },
  },
  selectors: {
    selectApply: (state) => state,
    selectCurrentStep: (state) => state.currentStep,
    selectHasPlannedDates: (state) => state.hasPlannedDates,
    selectArrivalDate: (state) => state.arrivalDate,
    selectTravelers: (state) => state.travelers,
    selectProcessingOptionId: (state) => state.selectedProcessingOption,
    selectCheckoutKey: (state) => state.checkoutKey,
    selectBannerDismissed: (state) => state.bannerDismissed,
    selectConfirmation: (state) => state.confirmation,
  },
});

/** The application draft slice, added to the shell's store when this area loads. */
export const apply = injectRemoteSlice(applySlice);
export const {
  reachStep,
  setHasPlannedDates,
  setArrivalDate,
  updateTraveler,
  updatePassport,
  addTraveler,
  removeTraveler,
  selectProcessingOption,
  setCheckoutKey,
  dismissBanner,
  restoreDraft,
  setConfirmation,
  resetApplication,
  startNewApplication,
} = applySlice.actions;
export const {
  selectApply,
  selectCurrentStep,
  selectHasPlannedDates,
  selectArrivalDate,
  selectTravelers,
  selectProcessingOptionId,
  selectCheckoutKey,
  selectBannerDismissed,
  selectConfirmation,
} = apply.selectors;

/** This area's calls, added to the one API slice. */
export const applyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProcessingOptions: build.query<ProcessingOptionsResponse, string>({
      query: (visaTypeId) => `/reference/visa-types/${encodeURIComponent(visaTypeId)}/options`,
      keepUnusedDataFor: 60 * 60,
    }),
    getSessionData: build.query<SessionDataResponse, void>({
      query: () => '/applications/session-data',
      providesTags: ['Application'],
    }),
    saveDraft: build.mutation<SaveDraftResponse, DraftData>({
      query: (body) => ({ url: '/applications/save', method: 'POST', body }),
      // Without a reply the traveller is told their changes are not saved.
      extraOptions: { saves: true },
    }),
    getPaymentConfig: build.query<PaymentConfigResponse, void>({
      query: () => '/payments/config',
    }),
    createPaymentIntent: build.mutation<CreatePaymentIntentResponse, CreatePaymentIntentBody>({
      query: (body) => ({ url: '/applications/create-payment-intent', method: 'POST', body }),
    }),
    confirmSandboxPayment: build.mutation<SandboxIntentResponse, SandboxConfirmBody>({
      query: (body) => ({ url: '/payments/sandbox/confirm', method: 'POST', body }),
    }),
    authenticateSandboxPayment: build.mutation<SandboxIntentResponse, SandboxAuthenticateBody>({
      query: (body) => ({ url: '/payments/sandbox/authenticate', method: 'POST', body }),
    }),
    confirmPayment: build.mutation<ConfirmPaymentResponse, ConfirmPaymentBody>({
      query: (body) => ({ url: '/applications/confirm-payment', method: 'POST', body }),
      invalidatesTags: ['Application', 'Order'],
    }),
    getCheckoutOrder: build.query<CheckoutOrderResponse, string>({
      query: (id) => `/applications/${encodeURIComponent(id)}/checkout`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetProcessingOptionsQuery,
  useGetSessionDataQuery,
  useSaveDraftMutation,
  useGetPaymentConfigQuery,
  useCreatePaymentIntentMutation,
  useConfirmSandboxPaymentMutation,
  useAuthenticateSandboxPaymentMutation,
  useConfirmPaymentMutation,
  useGetCheckoutOrderQuery,
} = applyApi;

/**
 * Puts the reference data a page rendered on the server carries (the first step of the wizard, rendered with the
 * countries, the default nationality's visa types and the first one's processing options) into the cache of the
 * calls that fetch them, so the page's first render shows them as its HTML does, without asking for them again.
 */
export function referenceFromPage(dispatch: AppDispatch, queries: PageQueries): void {
  const {
    getCountries: countries,
    getVisaTypes: visaTypes,
    getProcessingOptions: options,
  } = queries;
  dispatch(
    applyApi.util.upsertQueryEntries([
      ...(Array.isArray(countries)
        ? [{ endpointName: 'getCountries' as const, arg: undefined, value: countries }]
        : []),
      ...(typeof visaTypes?.countryId === 'string' && Array.isArray(visaTypes.reply?.visaTypes)
        ? [
            {
              endpointName: 'getVisaTypes' as const,
              arg: visaTypes.countryId,
              value: visaTypes.reply,
            },
          ]
        : []),
      ...(typeof options?.visaTypeId === 'string' && Array.isArray(options.reply)
        ? [
            {
              endpointName: 'getProcessingOptions' as const,
              arg: options.visaTypeId,
              value: options.reply,
            },
          ]
        : []),
    ]),
  );
}
