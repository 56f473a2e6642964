import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { DecisionDocument } from '@waypoint/contracts';
import { isApiError } from '@waypoint/platform';
import { Button, FieldChrome, Spinner, cx, rich, useT } from '@waypoint/ui';
import { adminMessages } from '../i18n/catalog';
import { DECISION_DOCUMENT_ACCEPT, decisionFileIssue, useUploadDecisionDocument } from './upload';

export interface DecisionDocumentFieldProps {
  /** The file input's id (an error summary links to it). */
  id: string;
  label: ReactNode;
  /** Who the document is for, as the buttons name them to screen readers. */
  owner: string;
  applicationId: string;
  travelerId: string;
  /** The document uploaded for this field, if any. */
  value: DecisionDocument | null;
  onChange: (document: DecisionDocument | null) => void;
  /** The form's error for this field (e.g. a document is required). */
  error?: string | null;
  disabled?: boolean;
  /**
   * Told when an upload starts and how it ends: stored (after `onChange`), or failed (also when the field goes away
   * during the upload).
   */
  onUpload?: (event: UploadEvent) => void;
}

export type UploadEvent = 'started' | 'stored' | 'failed';

type Phase = { state: 'idle' } | { state: 'uploading'; name: string; progress: number };

/**
 * A decision document chosen and uploaded at once (a PDF, JPEG or PNG, up to 10 MB): its name once stored, with
 * Replace and Remove. What the outcome sends is the stored document's id.
 */
export function DecisionDocumentField({
  id,
  label,
  owner,
  applicationId,
  travelerId,
  value,
  onChange,
  error,
  disabled,
  onUpload,
}: DecisionDocumentFieldProps) {
  const t = useT(adminMessages);
  const upload = useUploadDecisionDocument();
  const inputRef = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  const [failure, setFailure] = useState<string | null>(null);
  const focusInput = useRef(false);
  const mounted = useRef(true);
  const report = useRef(onUpload);
  report.current = onUpload;
  const inFlight = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (inFlight.current) report.current?.('failed');
    };
  }, []);
  // After Remove, the file input is back: the focus goes to it.
  useEffect(() => {
    if (!focusInput.current || value) return;
    focusInput.current = false;
    inputRef.current?.focus();
  });

  const choose = (file: File | undefined) => {
    if (!file) return;
    const issue = decisionFileIssue(file);
    if (issue) {
      setFailure(t(`upload.${issue}`));
      return;
    }
    setFailure(null);
    setPhase({ state: 'uploading', name: file.name, progress: 0 });
    inFlight.current = true;
    report.current?.('started');
    upload(applicationId, travelerId, file, (progress) => {
      if (mounted.current) setPhase({ state: 'uploading', name: file.name, progress });
    }).then(
      (document) => {
        if (!mounted.current) return;
        inFlight.current = false;
        setPhase({ state: 'idle' });
        onChange(document);
        report.current?.('stored');
      },
      (reason: unknown) => {
        if (!mounted.current) return;
        inFlight.current = false;
        setPhase({ state: 'idle' });
        const message = isApiError(reason) && reason.status >= 400 ? reason.message : '';
        setFailure(message || t('upload.failed'));
        report.current?.('failed');
      },
    );
  };

  const uploading = phase.state === 'uploading';
  const shownError = failure ?? error ?? null;
  const hidden = (text: string) => <span className="wp-visually-hidden">{text}</span>;
  return (
    <FieldChrome
      id={id}
      label={label}
      hint={t('upload.hint')}
      error={shownError}
      className="wpd-upload"
    >
      <input
        ref={inputRef}
        id={id}
        type="file"
        className={cx('wpd-upload__input', shownError && 'wp-input--error')}
        accept={DECISION_DOCUMENT_ACCEPT}
        hidden={value !== null}
        disabled={disabled || uploading}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file can be chosen again after a failure.
          event.target.value = '';
          choose(file);
        }}
      />
      <div aria-live="polite" className="wpd-upload__status">
        {uploading ? (
          <Spinner
            size="small"
            label={t('upload.uploading', { name: phase.name, progress: phase.progress })}
            showLabel
          />
        ) : null}
        {value && !uploading ? (
          <div className="wpd-upload__done">
            <p>
              {rich(t('upload.done', { name: value.filename ?? t('upload.unnamed') }), {
                link: (text) => (
                  <a href={value.url} target="_blank" rel="noreferrer">
                    {text}
                    {hidden(` ${t('upload.newTab')}`)}
                  </a>
                ),
              })}
            </p>
            <div className="wp-actions wpd-upload__actions">
              <Button
                variant="secondary"
                size="small"
                disabled={disabled}
                onClick={() => inputRef.current?.click()}
              >
                {rich(t('upload.replace', { owner }), { hidden })}
              </Button>
              <Button
                variant="link"
                size="small"
                disabled={disabled}
                onClick={() => {
                  focusInput.current = true;
                  setFailure(null);
                  onChange(null);
                }}
              >
                {rich(t('upload.remove', { owner }), { hidden })}
              </Button>
            </div>
          </div>
        ) : null}
      </div>
    </FieldChrome>
  );
}
