import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProcessingOption } from '@waypoint/contracts';
import { api, injectRemoteSlice } from '@waypoint/platform';

/** Wizard steps: 1 trip details, 2 your info, 3 passport, 4 processing time, 5 checkout. */
export type WizardStep = 1 | 2 | 3 | 4 | 5;

export interface ApplyState {
  /** The furthest step the traveller has reached. */
  currentStep: WizardStep;
  hasPlannedDates: boolean;
  /** YYYY-MM-DD, or '' when not chosen. */
  arrivalDate: string;
}

export const initialApplyState: ApplyState = {
  currentStep: 1,
  hasPlannedDates: true,
  arrivalDate: '',
};

declare module '@waypoint/platform' {
  interface LazyLoadedSlices {
    apply: ApplyState;
  }
}

const applySlice = createSlice({
  name: 'apply',
  initialState: initialApplyState,
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
  },
  selectors: {
    selectCurrentStep: (state) => state.currentStep,
    selectHasPlannedDates: (state) => state.hasPlannedDates,
    selectArrivalDate: (state) => state.arrivalDate,
  },
});

/** The application draft slice, added to the shell's store when this area loads. */
export const apply = injectRemoteSlice(applySlice);
export const { reachStep, setHasPlannedDates, setArrivalDate } = applySlice.actions;
export const { selectCurrentStep, selectHasPlannedDates, selectArrivalDate } = apply.selectors;

/** This area's calls, added to the one API slice. */
export const applyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProcessingOptions: build.query<ProcessingOption[], string>({
      query: (visaTypeId) => `/reference/visa-types/${encodeURIComponent(visaTypeId)}/options`,
    }),
  }),
});

export const { useGetProcessingOptionsQuery } = applyApi;
