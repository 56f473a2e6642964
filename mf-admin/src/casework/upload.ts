import { useCallback } from 'react';
import {
  ClientErrorText,
  type DecisionDocument,
  type DecisionDocumentResponse,
} from '@waypoint/contracts';
import { API_BASE, readReplyText, useAppDispatch, type ApiError } from '@waypoint/platform';

/** The files a decision document can be: a PDF, or a JPEG or PNG picture of it. */
export const DECISION_DOCUMENT_TYPES: readonly string[] = [
  'application/pdf',
  'image/jpeg',
  'image/png',
];
export const DECISION_DOCUMENT_ACCEPT = DECISION_DOCUMENT_TYPES.join(',');
/** The largest decision document the API takes: 10 MB. */
export const DECISION_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Why a file cannot be a decision document before it is sent, or null when it can. */
export function decisionFileIssue(file: File): 'type' | 'size' | null {
  if (!DECISION_DOCUMENT_TYPES.includes(file.type)) return 'type';
  if (file.size > DECISION_DOCUMENT_MAX_BYTES) return 'size';
  return null;
}

export const decisionDocumentsPath = (applicationId: string) =>
  `/admin/applications/${encodeURIComponent(applicationId)}/decision-documents`;

export type UploadDecisionDocument = (
  applicationId: string,
  travelerId: string,
  file: File,
  onProgress?: (percent: number) => void,
) => Promise<DecisionDocument>;

/**
 * Sends a decision document for one traveller as multipart/form-data (the `travelerId` field, then the `file`)
 * with XMLHttpRequest, so its progress can be shown. Resolves with the stored document, whose id the outcome then
 * names; rejects with the {@link ApiError} of the reply (read as every other call's).
 */
export function useUploadDecisionDocument(): UploadDecisionDocument {
  const dispatch = useAppDispatch();
  return useCallback<UploadDecisionDocument>(
    (applicationId, travelerId, file, onProgress) =>
      new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${API_BASE}${decisionDocumentsPath(applicationId)}`);
        xhr.withCredentials = true;
        xhr.responseType = 'text';
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0)
            onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
        };
        const noReply = () =>
          reject({ status: 0, message: ClientErrorText.unknown } satisfies ApiError);
        xhr.onerror = noReply;
        xhr.onabort = noReply;
        xhr.onload = () => {
          const outcome = readReplyText(xhr.status, String(xhr.responseText ?? ''), dispatch);
          const document = (outcome.data as Partial<DecisionDocumentResponse> | undefined)
            ?.document;
          if (!outcome.error && document) {
            resolve(document);
            return;
          }
          reject(
            outcome.error ?? ({ status: xhr.status, message: ClientErrorText.unknown } as ApiError),
          );
        };
        const form = new FormData();
        form.append('travelerId', travelerId);
        form.append('file', file);
        xhr.send(form);
      }),
    [dispatch],
  );
}
