import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type DragEvent,
} from 'react';
import type { DocumentKindParam, DocumentSummary } from '@waypoint/contracts';
import { languageTag, type Locale } from '@waypoint/contracts';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, ErrorBox, Spinner, useLocale, useT } from '@waypoint/ui';
import { QrCode } from '../qr/QrCode';
import { postPaymentMessages } from './i18n/catalog';
import {
  errorText,
  uploadFile,
  useCloseUploadLinkMutation,
  useCreateUploadLinkMutation,
} from './api';
import { CircleCheck, Icon } from '@waypoint/ui/icons';

/** The upload's failure when the server gave no text of its own (compared, then shown translated). */
export const UPLOAD_FAILED = 'The upload failed. Please try again.';
const LINK_FAILED = 'We could not create a link for your phone. Please try again.';

/** A failure text in the page's language: the screen's own fallback, or the server's text. */
function useFailureText(): (text: string) => string {
  const t = useT(postPaymentMessages);
  const apiText = useApiText();
  return (text) =>
    text === UPLOAD_FAILED
      ? t('upload.failed')
      : text === LINK_FAILED
        ? t('upload.link.failed')
        : apiText(text);
}

/** A time of day as `locale` writes it ("14:30"). */
function formatTime(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(languageTag(locale), {
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

export const ACCEPT_PASSPORT = 'image/*,application/pdf';
export const ACCEPT_PHOTO = 'image/*';

export type UploadPhase = 'idle' | 'uploading' | 'done' | 'error';

/**
 * A phone: a touch screen, or a screen no wider than a phone's. There the upload pages offer the camera and the
 * phone's photos instead of the QR code and drag and drop.
 */
export const PHONE_MEDIA_QUERY = '(pointer: coarse), (max-width: 30em)';

const phoneQuery = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_MEDIA_QUERY)
    : null;

function subscribePhone(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * True on a phone (see {@link PHONE_MEDIA_QUERY}). The server and the first render in the browser say false, so
 * a page rendered on the server hydrates as it was drawn, and a phone then switches to its buttons.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribePhone,
    () => phoneQuery()?.matches ?? false,
    () => false,
  );
}

/** One upload at a time, with its progress, the checked document or the server's error. */
export function useDocumentUpload(path: string, onUploaded?: (document: DocumentSummary) => void) {
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [progress, setProgress] = useState(0);
  const [document, setDocument] = useState<DocumentSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errorStatus, setErrorStatus] = useState(0);
  const failureText = useFailureText();
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

  /** `error` (the English text, for comparisons) as the page shows it. */
  const errorMessage = error === null ? null : failureText(error);
  return { phase, progress, document, error, errorMessage, errorStatus, start, reset };
}

export function UploadProgress({ label, progress }: { label: string; progress: number }) {
  const t = useT(postPaymentMessages);
  return (
    <div className="wpp-progress" aria-live="polite">
      <p className="wpp-progress__label">
        <Spinner size="small" label={label} showLabel />
      </p>
      <div
        className="wpp-progress__track"
        role="progressbar"
        aria-label={t('upload.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={t('upload.percent', { progress })}
      >
        <div className="wpp-progress__bar" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}

/** The reasons a document did not pass, one per failed check. */
export function FailedChecks({ document }: { document: DocumentSummary }) {
  const t = useT(postPaymentMessages);
  const apiText = useApiText();
  const failed = document.checks.filter((check) => !check.passed);
  return (
    <ErrorBox title={t('upload.failedChecks')}>
      {failed.length > 0 ? (
        <ul className="wpp-checks">
          {failed.map((check) => (
            <li key={check.id}>{apiText(check.message)}</li>
          ))}
        </ul>
      ) : (
        <p>{t('upload.clearer')}</p>
      )}
    </ErrorBox>
  );
}

export function DocumentPreview({
  document,
  kind,
}: {
  document: DocumentSummary;
  kind: DocumentKindParam;
}) {
  const t = useT(postPaymentMessages);
  if (document.contentType === 'application/pdf') {
    return (
      <p className="wpp-preview">
        <a href={document.url} target="_blank" rel="noreferrer">
          {t(`upload.preview.pdf.${kind}`)}
        </a>
      </p>
    );
  }
  return (
    <figure className="wpp-preview">
      <img
        src={document.url}
        alt={t(`upload.preview.alt.${kind}`)}
        className="wpp-preview__image"
      />
    </figure>
  );
}

/** "Great job!": the upload passed the first checks. */
export function SuccessTitle() {
  const t = useT(postPaymentMessages);
  return (
    <>
      <p className="wpp-success__title">
        <Icon icon={CircleCheck} size={22} /> {t('upload.success.title')}
      </p>
      <p>{t('upload.success.text')}</p>
    </>
  );
}

export function SuccessMessage({
  document,
  kind,
}: {
  document: DocumentSummary;
  kind: DocumentKindParam;
}) {
  return (
    <div className="wpp-success" role="status">
      <SuccessTitle />
      <DocumentPreview document={document} kind={kind} />
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

/**
 * A phone's two ways to give a picture: "Take a photo" opens the camera (the back one for a passport page, the
 * front one for the traveller's photo) and "Choose from your photos" the phone's pictures (and files, for the
 * passport page, which may be a PDF). `takeLabel` names the camera button differently, e.g. "Try another photo".
 */
export function PhonePickers({
  kind,
  onFile,
  takeLabel,
}: {
  kind: DocumentKindParam;
  onFile: (file: File) => void;
  takeLabel?: string;
}) {
  const t = useT(postPaymentMessages);
  const photo = kind === 'photo';
  return (
    <div className="wpp-phone-actions">
      <FilePicker
        accept="image/*"
        capture={photo ? 'user' : 'environment'}
        label={t(`document.camera.${kind}`)}
        buttonLabel={takeLabel ?? t('document.takePhoto')}
        size="large"
        onFile={onFile}
      />
      <FilePicker
        accept={photo ? ACCEPT_PHOTO : ACCEPT_PASSPORT}
        label={t(`document.library.${kind}`)}
        buttonLabel={t('document.fromPhotos')}
        variant="secondary"
        size="large"
        onFile={onFile}
      />
    </div>
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
  const t = useT(postPaymentMessages);
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
      <p className="wpp-dropzone__title">{t('upload.dragDrop')}</p>
      <p className="wpw-muted">{hint}</p>
      <p className="wpw-muted" aria-hidden="true">
        {t('upload.or')}
      </p>
      <FilePicker accept={accept} label={label} onFile={onFile} buttonLabel={t('upload.browse')} />
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
  const t = useT(postPaymentMessages);
  const locale = useLocale();
  const failureText = useFailureText();
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
    return <Spinner label={t('upload.link.creating')} showLabel />;
  }
  if (!link.data) {
    return <ErrorBox>{failureText(errorText(link.error, LINK_FAILED))}</ErrorBox>;
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
      <QrCode value={url} label={t('upload.link.qr')} />
      <p>{t('upload.link.scan')}</p>
      <p className="wpp-link">
        <a href={url} target="_blank" rel="noreferrer" dir="ltr">
          {url}
        </a>
      </p>
      <p>
        <Button variant="secondary" size="small" onClick={() => void copy()}>
          {t('upload.link.copy')}
        </Button>{' '}
        <span role="status">{copied ? t('upload.link.copied') : ''}</span>
      </p>
      <p className="wpw-muted">
        {t('upload.link.until', {
          time: Number.isNaN(until.getTime()) ? expiresAt : formatTime(until, locale),
        })}
      </p>
      <p className="wpp-waiting">
        <Spinner size="small" label={t('upload.link.waiting')} showLabel />
      </p>
    </div>
  );
}
