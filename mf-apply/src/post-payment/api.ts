import type {
  ApplicationDetail,
  DocumentSummary,
  MrzKeepBody,
  OkEnvelope,
  SectionBodies,
  SectionPath,
  SubmitBody,
  SubmitResponse,
  TravelerDocumentParams,
  UploadLinkParams,
  UploadLinkResponse,
  UploadLinkRevokedResponse,
  UploadResponse,
  UploadTokenInfo,
} from '@waypoint/contracts';
import { ClientErrorText, apiMessage, isApiMessageKey } from '@waypoint/contracts';
import { API_BASE, useAppDispatch, type ApiError } from '@waypoint/platform';
import { api } from '@waypoint/platform/api';
import { useCallback } from 'react';

export interface SaveSectionArgs<P extends SectionPath = SectionPath> {
  id: string;
  path: P;
  body: SectionBodies[P];
}

export type { SectionBodies, SectionPath };

const enc = encodeURIComponent;

/** The post-payment calls, added to the one API slice. */
export const postPaymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApplication: build.query<ApplicationDetail, string>({
      query: (id) => `/application/${enc(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Application', id }],
      keepUnusedDataFor: 0,
    }),
    saveSection: build.mutation<ApplicationDetail, SaveSectionArgs>({
      query: ({ id, path, body }) => ({
        url: `/application/${enc(id)}/${path}`,
        method: 'PUT',
        body,
      }),
    }),
    submitApplication: build.mutation<SubmitResponse, { id: string } & SubmitBody>({
      query: ({ id, ...body }) => ({
        url: `/application/${enc(id)}/submit`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Order'],
    }),
    closeUploadLink: build.mutation<UploadLinkRevokedResponse, UploadLinkParams>({
      query: ({ id, linkId }) => ({
        url: `/application/${enc(id)}/upload-links/${enc(linkId)}`,
        method: 'DELETE',
      }),
    }),
    createUploadLink: build.mutation<UploadLinkResponse, TravelerDocumentParams>({
      query: ({ id, travelerId, kind }) => ({
        url: `/application/${enc(id)}/travelers/${enc(travelerId)}/upload-link/${kind}`,
        method: 'POST',
      }),
    }),
    keepMrzValues: build.mutation<
      ApplicationDetail,
      { id: string; documentId: string } & MrzKeepBody
    >({
      query: ({ id, documentId, ...body }) => ({
        url: `/application/${enc(id)}/documents/${enc(documentId)}/mrz/keep`,
        method: 'POST',
        body,
      }),
    }),
    getUploadToken: build.query<UploadTokenInfo, string>({
      query: (token) => `/uploads/${enc(token)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetApplicationQuery,
  useSaveSectionMutation,
  useSubmitApplicationMutation,
  useCreateUploadLinkMutation,
  useCloseUploadLinkMutation,
  useGetUploadTokenQuery,
  useKeepMrzValuesMutation,
} = postPaymentApi;

/**
 * The server's text, or the screen's fallback when the server gave none. A catalog key sent as the text itself is
 * turned into its message, so a page never shows a key (the page shows the text in its language, see `apiText`).
 */
export function errorText(error: unknown, fallback: string): string {
  const { message, messageParams } = (error ?? {}) as Partial<ApiError>;
  if (isApiMessageKey(message)) return apiMessage(message, messageParams);
  if (
    typeof message !== 'string' ||
    message.trim() === '' ||
    message === ClientErrorText.requestFailed ||
    message === ClientErrorText.unknown
  ) {
    return fallback;
  }
  return message;
}

/** Fetches the application again (after a change the page did not make, e.g. a refused call). */
export function useRefreshApplication(applicationId: string) {
  const dispatch = useAppDispatch();
  return useCallback(
    () =>
      dispatch(postPaymentApi.util.invalidateTags([{ type: 'Application', id: applicationId }])),
    [dispatch, applicationId],
  );
}

/** Puts an application the server sent back into the cache, so every page and the sidebar show it at once. */
export function useStoreApplication() {
  const dispatch = useAppDispatch();
  return useCallback(
    (detail: ApplicationDetail) =>
      dispatch(postPaymentApi.util.upsertQueryData('getApplication', detail.id, detail)),
    [dispatch],
  );
}

/** Keeps an uploaded document in the cached application (an accepted one is never replaced by a rejected one). */
export function useStoreDocument(applicationId: string) {
  const dispatch = useAppDispatch();
  return useCallback(
    (travelerId: string, document: DocumentSummary) =>
      dispatch(
        postPaymentApi.util.updateQueryData('getApplication', applicationId, (draft) => {
          const traveler = draft.travelers.find((t) => t.id === travelerId);
          if (!traveler) return;
          const field: 'passportPage' | 'photo' =
            document.kind === 'PHOTO' ? 'photo' : 'passportPage';
          const current = traveler[field];
          if (document.status === 'ACCEPTED' || current?.status !== 'ACCEPTED') {
            traveler[field] = document;
            traveler.sections[field] = document.status === 'ACCEPTED' ? 'completed' : 'in_progress';
          }
        }),
      ),
    [dispatch, applicationId],
  );
}

export interface UploadFailure {
  status: number;
  message: string;
}

/**
 * Sends one file as multipart/form-data (field `file`) with XMLHttpRequest, so the progress can be shown.
 * Resolves with the checked document; rejects with an {@link UploadFailure} carrying the server's text.
 */
export function uploadFile(
  path: string,
  file: Blob,
  onProgress: (percent: number) => void,
): Promise<DocumentSummary> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onerror = () => reject({ status: 0, message: ClientErrorText.unknown });
    xhr.onabort = () => reject({ status: 0, message: ClientErrorText.unknown });
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(String(xhr.responseText)) as unknown;
      } catch {
        body = null;
      }
      const envelope = (body ?? {}) as Partial<OkEnvelope<Partial<UploadResponse>>> & {
        error?: unknown;
      };
      if (xhr.status >= 200 && xhr.status < 300 && envelope.success && envelope.data?.document) {
        onProgress(100);
        resolve(envelope.data.document);
        return;
      }
      const message =
        typeof envelope.error === 'string' && envelope.error.trim() !== ''
          ? envelope.error
          : xhr.status >= 400
            ? ClientErrorText.requestFailed
            : ClientErrorText.unknown;
      reject({ status: xhr.status, message });
    };
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
