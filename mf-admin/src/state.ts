import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  AdminApplicationDetail,
  AdminListResponse,
  AssignBody,
  AssignResponse,
  BulkAssignBody,
  ChangeStaffRoleBody,
  DashboardResponse,
  DecisionBody,
  FailedEmail,
  FailedEmailsResponse,
  FailedJob,
  FailedJobsResponse,
  InviteStaffBody,
  InviteStaffResponse,
  NoteBody,
  NotesResponse,
  RefundBody,
  RefundResponse,
  RequeueEmailResponse,
  RetryJobResponse,
  RevokeInvitationResponse,
  StaffAccountResponse,
  StaffAccountsResponse,
  StaffListResponse,
} from '@waypoint/contracts';
import { injectRemoteSlice, isApiError, selectUser, useAppSelector } from '@waypoint/platform';
import { api } from '@waypoint/platform/api';
import { filterParams, type AdminFilters } from './filters';

export type { AdminFilters } from './filters';

export interface AdminState {
  /** The query string of the list as last shown, so the detail page can go back to the same view. */
  listSearch: string;
}

declare module '@waypoint/platform' {
  interface LazyLoadedSlices {
    admin: AdminState;
  }
}

const initialAdminState: AdminState = { listSearch: '' };

const adminSlice = createSlice({
  name: 'admin',
  initialState: initialAdminState,
  reducers: {
    rememberListSearch(state, action: PayloadAction<string>) {
      state.listSearch = action.payload;
    },
  },
  selectors: {
    selectListSearch: (state) => state.listSearch,
  },
});

/** UI state of the admin area, added to the shell's store when this area loads. */
export const admin = injectRemoteSlice(adminSlice);
export const { rememberListSearch } = adminSlice.actions;
export const { selectListSearch } = admin.selectors;

/** The statuses staff can set (spec section 4 and `TRANSITIONS`). */
export type DecisionStatus = DecisionBody['status'];

/** A decision on the application `id`; `version` is the one the admin saw (a stale one is refused with 409). */
export type DecisionInput = { id: string } & DecisionBody;

const LIST = { type: 'Application', id: 'ADMIN_LIST' } as const;
const DASHBOARD = { type: 'Application', id: 'ADMIN_DASHBOARD' } as const;
const EMAILS = { type: 'Application', id: 'ADMIN_EMAILS' } as const;
const JOBS = { type: 'Application', id: 'ADMIN_JOBS' } as const;
const STAFF_ACCOUNTS = { type: 'Application', id: 'ADMIN_STAFF_ACCOUNTS' } as const;
const ASSIGNABLE_STAFF = { type: 'Application', id: 'ADMIN_ASSIGNABLE_STAFF' } as const;

/** A refund of the application `id`; `idempotencyKey` is made once per confirmation. */
export type RefundInput = { id: string } & RefundBody;

/** An e-mail to send again: its id, and the recipient the page names in its message. */
export type RequeueInput = Pick<FailedEmail, 'id' | 'to'>;

/** A failed background job to run again: its queue and id, as the API addresses it. */
export type RetryJobInput = Pick<FailedJob, 'id' | 'queue'>;

/** The application `id` given to a member of staff, or to nobody (`assigneeId: null`). */
export type AssignInput = { id: string } & AssignBody;

/** An internal note on the application `id`. */
export type NoteInput = { id: string } & NoteBody;

/** A new role for the staff account `id`. */
export type ChangeRoleInput = { id: string } & ChangeStaffRoleBody;

/** What an admin does to a staff account: deactivate it, let it sign in again, or reset its authenticator app. */
export type StaffAccountAction = 'deactivate' | 'reactivate' | 'second-factor/reset';

/**
 * Takes the entry `id` out of a loaded list of failed work (e-mails, background jobs) and lowers its total, as the
 * server has just done: the list updates at once, before the reload that follows.
 */
function removeFromList<K extends string>(
  draft: { total: number } & Record<K, { id: string }[]>,
  key: K,
  id: string,
) {
  const before = draft[key].length;
  draft[key] = draft[key].filter((entry) => entry.id !== id) as (typeof draft)[K];
  draft.total = Math.max(0, draft.total - (before - draft[key].length));
}

/** This area's calls, added to the one API slice. */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminDashboard: build.query<DashboardResponse, void>({
      query: () => '/admin/dashboard',
      providesTags: [DASHBOARD],
    }),
    getAdminApplications: build.query<AdminListResponse, AdminFilters>({
      // Only the filters that are set, and the page (spec section 7).
      query: (filters) => `/admin/applications?${filterParams(filters, true).toString()}`,
      providesTags: [LIST],
    }),
    getAdminApplication: build.query<AdminApplicationDetail, string>({
      query: (id) => `/admin/applications/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Application', id }],
      // Each view of passport data is audited: no refetch when the window regains focus.
      keepUnusedDataFor: 0,
    }),
    decideApplication: build.mutation<AdminApplicationDetail, DecisionInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/applications/${encodeURIComponent(id)}/status`,
        method: 'POST',
        body,
      }),
      // The reply is the application as it is now: it replaces the shown detail without another (audited) load.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(adminApi.util.upsertQueryData('getAdminApplication', id, data));
        } catch {
          // The page shows the error.
        }
      },
      invalidatesTags: (result) => (result ? [LIST, DASHBOARD] : []),
    }),
    refundApplication: build.mutation<RefundResponse, RefundInput>({
      query: ({ id, ...body }) => ({
        url: `/admin/applications/${encodeURIComponent(id)}/refunds`,
        method: 'POST',
        body,
      }),
      // The reply has the order's refunds and choices as they are now: the shown detail takes them without
      // another (audited) load.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            adminApi.util.updateQueryData('getAdminApplication', id, (draft) => {
              draft.refunds = data.refunds;
              draft.refundOptions = data.refundOptions;
              // A refund in full closed the order: its status, version and the decisions left follow.
              draft.application.status = data.order.status;
              draft.version = data.order.version;
              if (data.order.status === 'REFUNDED') draft.allowedTransitions = [];
            }),
          );
        } catch {
          // The panel shows the error.
        }
      },
      invalidatesTags: (result) => (result ? [LIST, DASHBOARD] : []),
    }),
    getAdminStaff: build.query<StaffListResponse, void>({
      query: () => '/admin/staff',
      providesTags: [ASSIGNABLE_STAFF],
      keepUnusedDataFor: 5 * 60,
    }),
    assignApplication: build.mutation<AssignResponse, AssignInput>({
      query: ({ id, assigneeId }) => ({
        url: `/admin/applications/${encodeURIComponent(id)}/assignee`,
        method: 'PUT',
        body: { assigneeId },
      }),
      // The shown detail takes the new assignee without another (audited) load.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            adminApi.util.updateQueryData('getAdminApplication', id, (draft) => {
              draft.assignee = data.assignee;
            }),
          );
        } catch {
          // The panel shows the error.
        }
      },
      invalidatesTags: (result) => (result ? [LIST, DASHBOARD] : []),
    }),
    assignApplications: build.mutation<AssignResponse, BulkAssignBody>({
      query: (body) => ({ url: '/admin/applications/assignee', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [LIST, DASHBOARD] : []),
    }),
    addApplicationNote: build.mutation<NotesResponse, NoteInput>({
      query: ({ id, body }) => ({
        url: `/admin/applications/${encodeURIComponent(id)}/notes`,
        method: 'POST',
        body: { body },
      }),
      // The reply is every note of the application: the shown detail takes them without another (audited) load.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            adminApi.util.updateQueryData('getAdminApplication', id, (draft) => {
              draft.notes = data.notes;
            }),
          );
        } catch {
          // The form shows the error.
        }
      },
    }),
    getFailedEmails: build.query<FailedEmailsResponse, void>({
      query: () => '/admin/emails',
      providesTags: [EMAILS],
    }),
    requeueEmail: build.mutation<RequeueEmailResponse, RequeueInput>({
      query: ({ id }) => ({
        url: `/admin/emails/${encodeURIComponent(id)}/requeue`,
        method: 'POST',
        body: {},
      }),
      // The e-mail leaves the list at once; the reload that follows shows the list as the server has it now.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            adminApi.util.updateQueryData('getFailedEmails', undefined, (draft) =>
              removeFromList(draft, 'emails', id),
            ),
          );
        } catch {
          // The page shows the error.
        }
      },
      // Also after a 404: the e-mail is no longer failed (sent again from elsewhere), so the list is out of date.
      invalidatesTags: (result, error) =>
        result || (isApiError(error) && error.status === 404) ? [EMAILS, DASHBOARD] : [],
    }),
    getFailedJobs: build.query<FailedJobsResponse, void>({
      query: () => '/admin/jobs',
      providesTags: [JOBS],
    }),
    retryJob: build.mutation<RetryJobResponse, RetryJobInput>({
      query: ({ queue, id }) => ({
        url: `/admin/jobs/${encodeURIComponent(queue)}/${encodeURIComponent(id)}/retry`,
        method: 'POST',
        body: {},
      }),
      // The job leaves the list at once; the reload that follows shows the list as the server has it now.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            adminApi.util.updateQueryData('getFailedJobs', undefined, (draft) =>
              removeFromList(draft, 'jobs', id),
            ),
          );
        } catch {
          // The page shows the error.
        }
      },
      // Whatever the answer: a refusal (a job no longer failed, run again from elsewhere) means the list is out of
      // date.
      invalidatesTags: [JOBS, DASHBOARD],
    }),
    getStaffAccounts: build.query<StaffAccountsResponse, void>({
      query: () => '/admin/staff/accounts',
      providesTags: [STAFF_ACCOUNTS],
    }),
    inviteStaff: build.mutation<InviteStaffResponse, InviteStaffBody>({
      query: (body) => ({ url: '/admin/staff/invitations', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [STAFF_ACCOUNTS] : []),
    }),
    // Whatever the answer, the list is loaded again: a refusal (a withdrawn or accepted invitation, the last
    // admin) means it is out of date.
    revokeStaffInvitation: build.mutation<RevokeInvitationResponse, string>({
      query: (id) => ({
        url: `/admin/staff/invitations/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: [STAFF_ACCOUNTS],
    }),
    changeStaffRole: build.mutation<StaffAccountResponse, ChangeRoleInput>({
      query: ({ id, role }) => ({
        url: `/admin/staff/${encodeURIComponent(id)}/role`,
        method: 'PUT',
        body: { role },
      }),
      invalidatesTags: [STAFF_ACCOUNTS, ASSIGNABLE_STAFF],
    }),
    updateStaffAccount: build.mutation<
      StaffAccountResponse,
      { id: string; action: StaffAccountAction }
    >({
      query: ({ id, action }) => ({
        url: `/admin/staff/${encodeURIComponent(id)}/${action}`,
        method: 'POST',
        body: {},
      }),
      // A deactivated account can no longer be given work; a reactivated one can again.
      invalidatesTags: [STAFF_ACCOUNTS, ASSIGNABLE_STAFF],
    }),
  }),
});

export const {
  useGetAdminDashboardQuery,
  useGetAdminApplicationsQuery,
  useGetAdminApplicationQuery,
  useDecideApplicationMutation,
  useRefundApplicationMutation,
  useGetFailedEmailsQuery,
  useRequeueEmailMutation,
  useGetFailedJobsQuery,
  useRetryJobMutation,
  useGetAdminStaffQuery,
  useAssignApplicationMutation,
  useAssignApplicationsMutation,
  useAddApplicationNoteMutation,
  useGetStaffAccountsQuery,
  useInviteStaffMutation,
  useRevokeStaffInvitationMutation,
  useChangeStaffRoleMutation,
  useUpdateStaffAccountMutation,
} = adminApi;

/**
 * The staff who can be given work, and the id of the member of staff signed in: as the API names them, or, until
 * it has answered (or when it cannot), the signed-in account's own id (a member of staff is their account).
 */
export function useStaff() {
  const { data, isError, refetch } = useGetAdminStaffQuery();
  const user = useAppSelector(selectUser);
  return {
    staff: data?.staff ?? null,
    me: data?.me ?? user?.id ?? null,
    failed: isError,
    retry: refetch,
  };
}
