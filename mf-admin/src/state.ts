import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { api, injectRemoteSlice } from '@waypoint/platform';

/** The admin list's filters (spec section 3); changing any filter returns to page 1. */
export interface AdminFilters {
  status: string;
  search: string;
  dateFrom: string;
  dateTo: string;
  page: number;
}

export interface AdminState {
  filters: AdminFilters;
}

declare module '@waypoint/platform' {
  interface LazyLoadedSlices {
    admin: AdminState;
  }
}

const initialAdminState: AdminState = {
  filters: { status: '', search: '', dateFrom: '', dateTo: '', page: 1 },
};

const adminSlice = createSlice({
  name: 'admin',
  initialState: initialAdminState,
  reducers: {
    setFilter(state, action: PayloadAction<Partial<Omit<AdminFilters, 'page'>>>) {
      state.filters = { ...state.filters, ...action.payload, page: 1 };
    },
    setPage(state, action: PayloadAction<number>) {
      state.filters.page = Math.max(1, Math.trunc(action.payload));
    },
  },
  selectors: {
    selectFilters: (state) => state.filters,
  },
});

/** Filters and selection of the admin area, added to the shell's store when this area loads. */
export const admin = injectRemoteSlice(adminSlice);
export const { setFilter, setPage } = adminSlice.actions;
export const { selectFilters } = admin.selectors;

/** This area's calls, added to the one API slice. */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminApplications: build.query<unknown, AdminFilters>({
      query: ({ page, ...filters }) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(filters))
          if (value !== '') params.set(key, value);
        params.set('page', String(page));
        return `/admin/applications?${params.toString()}`;
      },
      providesTags: ['Application'],
    }),
  }),
});
