import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import type { DocumentKindParam, DocumentSummary } from '@waypoint/contracts';
import { Button, ErrorBox, Spinner } from '@waypoint/ui';
import { QrCode } from '../qr/QrCode';
import {
  errorText,
  uploadFile,
  useCloseUploadLinkMutation,
  useCreateUploadLinkMutation,
} from './api';
import { CircleCheck, Icon } from '@waypoint/ui/icons';

export const UPLOAD_FAILED = 'The upload failed. Please try again.';
export const ACCEPT_PASSPORT = 'image/*,application/pdf';
export const ACCEPT_PHOTO = 'image/*';

export type UploadPhase = 'idle' | 'uploading' | 'done' | 'error';

/** One upload at a time, with its progress, the checked document or the server's error. */
export function useDocumentUpload(path: string, onUploaded?: (document: DocumentSummary) => void) {
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [progress, setProgress] = useState(0);
  const [document, setDocument] = useState<DocumentSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errorStatus, setErrorStatus] = useState(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const start = (file: File) => {
    setPhase('uploading');
    setProgress(0);
    setError(null);
    setErrorStatus(0);
    setDocument(null);
    uploadFile(path, file, (percent) => {
      if (mounted.current) setProgress(percent);
    }).then(
      (result) => {
        if (!mounted.current) return;
        setDocument(result);
        setPhase('done');
        onUploaded?.(result);
      },
      (failure: unknown) => {
        if (!mounted.current) return;
        setError(errorText(failure, UPLOAD_FAILED));
        setErrorStatus((failure as { status?: number } | null)?.status ?? 0);
        setPhase('error');
      },
    );
  };

  const reset = useCallback(() => {
    setPhase('idle');
    setProgress(0);
    setDocument(null);
    setError(null);
    setErrorStatus(0);
  }, []);

  return { phase, progress, document, error, errorStatus, start, reset };
}

export function UploadProgress({ label, progress }: { label: string; progress: number }) {
  return (
    <div className="wpp-progress" aria-live="polite">
      <p className="wpp-progress__label">
        <Spinner size="small" label={label} showLabel />
      </p>
      <div
        className="wpp-progress__track"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}%`}
      >
        <div className="wpp-progress__bar" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}

/** The reasons a document did not pass, one per failed check. */
export function FailedChecks({ document }: { document: DocumentSummary }) {
  const failed = document.checks.filter((check) => !check.passed);
  return (
    <ErrorBox title="Your upload did not pass our initial review">
      {failed.length > 0 ? (
        <ul className="wpp-checks">
          {failed.map((check) => (
            <li key={check.id}>{check.message}</li>
          ))}
        </ul>
      ) : (
        <p>Please upload a clearer picture.</p>
      )}
    </ErrorBox>
  );
}

export function DocumentPreview({ document, name }: { document: DocumentSummary; name: string }) {
  if (document.contentType === 'application/pdf') {
    return (
      <p className="wpp-preview">
        <a href={document.url} target="_blank" rel="noreferrer">
          Open your {name} (PDF)
        </a>
      </p>
    );
  }
  return (
    <figure className="wpp-preview">
      <img src={document.url} alt={`Your ${name}`} className="wpp-preview__image" />
    </figure>
  );
}

export function SuccessMessage({ document, name }: { document: DocumentSummary; name: string }) {
  return (
    <div className="wpp-success" role="status">
      <p className="wpp-success__title">
        <Icon icon={CircleCheck} size={22} /> Great job!
      </p>
      <p>Your upload passed our initial review!</p>
      <DocumentPreview document={document} name={name} />
    </div>
  );
}

export interface FilePickerProps {
  accept: string;
  label: string;
  onFile: (file: File) => void;
  buttonLabel: string;
  variant?: 'primary' | 'secondary';
  size?: 'medium' | 'large';
  capture?: 'user' | 'environment';
}

/** A button that opens the file picker (the input itself is hidden but labelled). */
export function FilePicker({
  accept,
  label,
  onFile,
  buttonLabel,
  variant = 'primary',
  size = 'medium',
  capture,
}: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant={variant} size={size} onClick={() => input.current?.click()}>
        {buttonLabel}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        capture={capture}
        className="wp-visually-hidden"
        tabIndex={-1}
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

/** Drop a file on it, or use its Browse Files button (the keyboard way in). */
export function DropZone({
  accept,
  label,
  hint,
  onFile,
}: {
  accept: string;
  label: string;
  hint: string;
  onFile: (file: File) => void;
}) {
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files?.[0];
    if (file) onFile(file);
  };
  return (
    <div
      className={`wpp-dropzone${over ? ' wpp-dropzone--over' : ''}`}
      data-testid="drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p className="wpp-dropzone__title">Drag and Drop</p>
      <p className="wpw-muted">{hint}</p>
      <p className="wpw-muted" aria-hidden="true">
        or
      </p>
      <FilePicker accept={accept} label={label} onFile={onFile} buttonLabel="Browse Files" />
    </div>
  );
}

/** 'Use Your Phone': a QR code and the short link to this traveller's upload page. */
export function PhonePanel({
  applicationId,
  travelerId,
  kind,
}: {
  applicationId: string;
  travelerId: string;
  kind: DocumentKindParam;
}) {
  const [createLink, link] = useCreateUploadLinkMutation();
  const [closeLink] = useCloseUploadLinkMutation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    void createLink({ id: applicationId, travelerId, kind });
  }, [createLink, applicationId, travelerId, kind]);
  // A code that is no longer on the screen should not work: the link closes with the panel.
  const linkId = link.data?.linkId;
  useEffect(() => {
    if (!linkId) return undefined;
    return () => {
      void closeLink({ id: applicationId, linkId });
    };
  }, [closeLink, applicationId, linkId]);

  if (link.isLoading || link.isUninitialized) {
    return <Spinner label="Creating your link…" showLabel />;
  }
  if (!link.data) {
    return (
      <ErrorBox>
        {errorText(link.error, 'We could not create a link for your phone. Please try again.')}
      </ErrorBox>
    );
  }
  const { url, expiresAt } = link.data;
  const until = new Date(expiresAt);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="wpp-phone-panel">
      <QrCode value={url} label="QR code that opens the upload page on your phone" />
      <p>Scan the code with your phone&apos;s camera, or open this link on your phone:</p>
      <p className="wpp-link">
        <a href={url} target="_blank" rel="noreferrer">
          {url}
        </a>
      </p>
      <p>
        <Button variant="secondary" size="small" onClick={() => void copy()}>
          Copy link
        </Button>{' '}
        <span role="status">{copied ? 'Link copied' : ''}</span>
      </p>
      <p className="wpw-muted">
        The link works until{' '}
        {Number.isNaN(until.getTime())
          ? expiresAt
          : until.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}
        . This page updates when your phone&apos;s upload arrives.
      </p>
      <p className="wpp-waiting">
        <Spinner size="small" label="Waiting for your phone's upload" showLabel />
      </p>
    </div>
  );
}
