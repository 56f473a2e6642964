import type {
  TCreateSupportConversationRequest,
  TCreateSupportConversationResponse,
  TSupportConversation,
  TSupportConversationListResponse,
  TSupportReplyRequest,
} from '@waypoint/contracts';
import { api } from '@waypoint/platform/api';

/** A traveller's message in the conversation `id`. */
export type SupportReplyInput = { id: string } & TSupportReplyRequest;

const MINE = { type: 'Support', id: 'MINE' } as const;

/**
 * The contact form's and the conversations' calls, added to the one API slice. Writing to support works without
 * signing in (a guest names their order); reading conversations is for their signed-in traveller.
 */
export const supportApi = api.enhanceEndpoints({ addTagTypes: ['Support'] }).injectEndpoints({
  endpoints: (build) => ({
    createSupportConversation: build.mutation<
      TCreateSupportConversationResponse,
      TCreateSupportConversationRequest
    >({
      query: (body) => ({ url: '/support/conversations', method: 'POST', body }),
      // A signed-in traveller's reply is the conversation itself: their list has a new one.
      invalidatesTags: (result) => (result && 'messages' in result ? [MINE] : []),
    }),
    getMySupportConversations: build.query<TSupportConversationListResponse, void>({
      query: () => '/support/conversations',
      providesTags: [MINE],
    }),
    getSupportConversation: build.query<TSupportConversation, string>({
      query: (id) => `/support/conversations/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Support', id }],
    }),
    getOrderSupportConversations: build.query<TSupportConversationListResponse, string>({
      query: (applicationId) => `/application/${encodeURIComponent(applicationId)}/support`,
      providesTags: (_result, _error, applicationId) => [
        { type: 'Support', id: `ORDER:${applicationId}` },
      ],
    }),
    replyToSupportConversation: build.mutation<TSupportConversation, SupportReplyInput>({
      query: ({ id, message }) => ({
        url: `/support/conversations/${encodeURIComponent(id)}/messages`,
        method: 'POST',
        body: { message },
      }),
      // The reply is the conversation as it is now: the shown thread takes it without another load.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(supportApi.util.upsertQueryData('getSupportConversation', id, data));
        } catch {
          // The form shows the error.
        }
      },
      invalidatesTags: (result) =>
        result
          ? [
              MINE,
              ...(result.applicationId
                ? [{ type: 'Support' as const, id: `ORDER:${result.applicationId}` }]
                : []),
            ]
          : [],
    }),
  }),
});

export const {
  useCreateSupportConversationMutation,
  useGetMySupportConversationsQuery,
  useGetSupportConversationQuery,
  useGetOrderSupportConversationsQuery,
  useReplyToSupportConversationMutation,
} = supportApi;
