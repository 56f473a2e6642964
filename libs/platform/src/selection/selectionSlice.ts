import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The country and visa type a traveller picked; kept on the device so the wizard opens with them. */
export interface SelectionState {
  countryId: string | null;
  visaTypeId: string | null;
}

export const initialSelectionState: SelectionState = { countryId: null, visaTypeId: null };

export { DEFAULT_COUNTRY_ID } from '@waypoint/contracts';

export const selectionSlice = createSlice({
  name: 'selection',
  initialState: initialSelectionState,
  reducers: {
    selectCountry(state, action: PayloadAction<string | null>) {
      if (state.countryId !== action.payload) state.visaTypeId = null;
      state.countryId = action.payload;
    },
    selectVisaType(state, action: PayloadAction<string | null>) {
      state.visaTypeId = action.payload;
    },
  },
  selectors: {
    selectSelectedCountryId: (state) => state.countryId,
    selectSelectedVisaTypeId: (state) => state.visaTypeId,
  },
});

export const { selectCountry, selectVisaType } = selectionSlice.actions;
export const { selectSelectedCountryId, selectSelectedVisaTypeId } = selectionSlice.selectors;
