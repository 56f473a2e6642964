import type {
  TAdminSupportConversation,
  TAdminSupportListResponse,
  TSupportConversationListResponse,
  TSupportReplyRequest,
  TSupportStatus,
} from '@waypoint/contracts';
import { api } from '@waypoint/platform/api';

/** A page of the Support inbox: the conversations of one status, or of every status. */
export interface SupportInboxQuery {
  status: TSupportStatus | '';
  page: number;
}

/** A staff member's reply to the conversation `id`. */
export type StaffReplyInput = { id: string } & TSupportReplyRequest;

const INBOX = { type: 'Support', id: 'INBOX' } as const;

function inboxParams({ status, page }: SupportInboxQuery): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  params.set('page', String(page));
  return params.toString();
}

/** The Support inbox's calls, added to the one API slice. */
export const supportApi = api.enhanceEndpoints({ addTagTypes: ['Support'] }).injectEndpoints({
  endpoints: (build) => ({
    getSupportInbox: build.query<TAdminSupportListResponse, SupportInboxQuery>({
      query: (query) => `/admin/support?${inboxParams(query)}`,
      providesTags: [INBOX],
    }),
    getStaffSupportConversation: build.query<TAdminSupportConversation, string>({
      query: (id) => `/admin/support/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Support', id }],
    }),
    getApplicationSupport: build.query<TSupportConversationListResponse, string>({
      query: (applicationId) => `/admin/applications/${encodeURIComponent(applicationId)}/support`,
      providesTags: (_result, _error, applicationId) => [
        { type: 'Support', id: `ORDER:${applicationId}` },
      ],
    }),
    replyAsStaff: build.mutation<TAdminSupportConversation, StaffReplyInput>({
      query: ({ id, message }) => ({
        url: `/admin/support/${encodeURIComponent(id)}/replies`,
        method: 'POST',
        body: { message },
      }),
      // The reply is the conversation as it is now: the page shows it without another load.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(supportApi.util.upsertQueryData('getStaffSupportConversation', id, data));
        } catch {
          // The form shows the error.
        }
      },
      invalidatesTags: (result) =>
        result
          ? [
              INBOX,
              ...(result.applicationId
                ? [{ type: 'Support' as const, id: `ORDER:${result.applicationId}` }]
                : []),
            ]
          : [],
    }),
    closeSupportConversation: build.mutation<TAdminSupportConversation, string>({
      query: (id) => ({
        url: `/admin/support/${encodeURIComponent(id)}/close`,
        method: 'POST',
        body: {},
      }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(supportApi.util.upsertQueryData('getStaffSupportConversation', id, data));
        } catch {
          // The page shows the error.
        }
      },
      invalidatesTags: (result) =>
        result
          ? [
              INBOX,
              ...(result.applicationId
                ? [{ type: 'Support' as const, id: `ORDER:${result.applicationId}` }]
                : []),
            ]
          : [],
    }),
  }),
});

export const {
  useGetSupportInboxQuery,
  useGetStaffSupportConversationQuery,
  useGetApplicationSupportQuery,
  useReplyAsStaffMutation,
  useCloseSupportConversationMutation,
} = supportApi;
