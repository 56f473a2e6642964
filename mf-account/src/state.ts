import type {
  ChangePasswordBody,
  CheckEmailBody,
  CheckEmailResponse,
  DeleteAccountBody,
  DeleteAccountResponse,
  DraftSummary,
  EmailBody,
  MyApplicationsResponse,
  MyDraftResponse,
  OrderSummary,
  PageQueries,
  RecentProofBody,
  RecentProofCodeBody,
  ResetPasswordBody,
  ResetPasswordResponse,
  SecondFactorSetupConfirmBody,
  SecondFactorSetupDoneResponse,
  SecondFactorSetupResponse,
  SentResponse,
  UndoEmailChangeResponse,
  UserResponse,
  VerifyTokenBody,
} from '@waypoint/contracts';
import type { AppDispatch } from '@waypoint/platform';
import { api } from '@waypoint/platform/api';

/** The tabs of My orders, each its own address (`/orders?tab=old`). */
export type OrdersTab = 'active' | 'old';

/** This area's calls, added to the one API slice. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyApplications: build.query<MyApplicationsResponse, void>({
      query: () => '/applications/my-applications',
      // The screen expects a list; anything else is shown as no orders.
      transformResponse: (data: unknown) => (Array.isArray(data) ? (data as OrderSummary[]) : []),
      providesTags: ['Order'],
    }),
    getMyDraft: build.query<DraftSummary | null, void>({
      query: () => '/applications/my-draft',
      transformResponse: (data: MyDraftResponse | undefined) => data?.draft ?? null,
      providesTags: ['Order'],
    }),
    checkEmail: build.mutation<CheckEmailResponse, CheckEmailBody>({
      query: (body) => ({ url: '/auth/check-email', method: 'POST', body }),
    }),
    sendSignInLink: build.mutation<SentResponse, EmailBody>({
      query: (body) => ({ url: '/auth/sign-in-link', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<SentResponse, EmailBody>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<ResetPasswordResponse, ResetPasswordBody>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    beginSecondFactorSetup: build.mutation<SecondFactorSetupResponse, void>({
      query: () => ({ url: '/auth/second-factor/setup', method: 'POST', body: {} }),
    }),
    confirmSecondFactorSetup: build.mutation<
      SecondFactorSetupDoneResponse,
      SecondFactorSetupConfirmBody
    >({
      query: (body) => ({ url: '/auth/second-factor/setup/confirm', method: 'POST', body }),
    }),
    requestRecentProofCode: build.mutation<SentResponse, RecentProofCodeBody>({
      query: (body) => ({ url: '/auth/recent-proof/code', method: 'POST', body }),
    }),
    recentProof: build.mutation<UserResponse, RecentProofBody>({
      query: (body) => ({ url: '/auth/recent-proof', method: 'POST', body }),
    }),
    changePassword: build.mutation<UserResponse, ChangePasswordBody>({
      query: (body) => ({ url: '/auth/password', method: 'PUT', body }),
    }),
    undoEmailChange: build.mutation<UndoEmailChangeResponse, VerifyTokenBody>({
      query: (body) => ({ url: '/auth/undo-email-change', method: 'POST', body }),
    }),
    deleteAccount: build.mutation<DeleteAccountResponse, DeleteAccountBody>({
      query: (body) => ({ url: '/auth/profile/delete', method: 'POST', body }),
    }),
    resendVerificationCode: build.mutation<SentResponse, void>({
      // An empty JSON body: state-changing calls always send `content-type: application/json`.
      query: () => ({ url: '/auth/verify-email/resend', method: 'POST', body: {} }),
    }),
  }),
});

export const {
  useGetMyApplicationsQuery,
  useGetMyDraftQuery,
  useCheckEmailMutation,
  useSendSignInLinkMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useResendVerificationCodeMutation,
  useBeginSecondFactorSetupMutation,
  useConfirmSecondFactorSetupMutation,
  useRequestRecentProofCodeMutation,
  useUndoEmailChangeMutation,
} = accountApi;

/**
 * Puts the orders a page rendered for its traveller carries (My orders, rendered on the server) into the cache
 * of the calls that fetch them, so the page's first render shows them as the HTML does. The page still asks for
 * them afresh once it shows (refetchOnMountOrArgChange), and updates in place if anything changed since.
 */
export function ordersFromPage(dispatch: AppDispatch, queries: PageQueries): void {
  const { getMyApplications: orders, getMyDraft: draft } = queries;
  dispatch(
    accountApi.util.upsertQueryEntries([
      ...(Array.isArray(orders)
        ? [{ endpointName: 'getMyApplications' as const, arg: undefined, value: orders }]
        : []),
      ...(draft !== undefined && typeof draft === 'object'
        ? [{ endpointName: 'getMyDraft' as const, arg: undefined, value: draft }]
        : []),
    ]),
  );
}
