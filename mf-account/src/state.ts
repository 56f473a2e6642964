import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { api, injectRemoteSlice } from '@waypoint/platform';

export type OrdersTab = 'active' | 'old';

export interface AccountState {
  ordersTab: OrdersTab;
}

declare module '@waypoint/platform' {
  interface LazyLoadedSlices {
    account: AccountState;
  }
}

const accountSlice = createSlice({
  name: 'account',
  initialState: { ordersTab: 'active' } as AccountState,
  reducers: {
    showOrdersTab(state, action: PayloadAction<OrdersTab>) {
      state.ordersTab = action.payload;
    },
  },
  selectors: {
    selectOrdersTab: (state) => state.ordersTab,
  },
});

/** Orders and profile UI state, added to the shell's store when this area loads. */
export const account = injectRemoteSlice(accountSlice);
export const { showOrdersTab } = accountSlice.actions;
export const { selectOrdersTab } = account.selectors;

/** This area's calls, added to the one API slice. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyApplications: build.query<unknown[], void>({
      query: () => '/applications/my-applications',
      transformResponse: (data: unknown) => (Array.isArray(data) ? data : []),
      providesTags: ['Order'],
    }),
  }),
});
