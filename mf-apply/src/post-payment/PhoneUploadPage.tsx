import { UploadLinkText } from '@waypoint/contracts';
import { useParams, type ApiError } from '@waypoint/platform';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, ErrorBox, PageSpinner, useT } from '@waypoint/ui';
import { useGetUploadTokenQuery } from './api';
import { postPaymentMessages } from './i18n/catalog';
import {
  ACCEPT_PASSPORT,
  ACCEPT_PHOTO,
  FailedChecks,
  SuccessTitle,
  UploadProgress,
  useDocumentUpload,
} from './upload';

const KNOWN: readonly string[] = Object.values(UploadLinkText);

/** A failure that may pass: no connection, a fault on our side, or too many requests. */
const passing = (status: number) => status === 0 || status === 429 || status >= 500;

/**
 * Why a link cannot be used, in the page's own words (never the server's): 409 means it was used; a 404 carries
 * one of the link texts the API sends; a fault or lost connection says so; anything else (a mistyped or cut-off
 * link) is "not valid".
 */
export function linkProblem(status: number, message: string | undefined): string {
  if (status === 409) return UploadLinkText.used;
  if (status === 404 && message && KNOWN.includes(message)) return message;
  if (passing(status)) return UploadLinkText.unavailable;
  return UploadLinkText.invalid;
}

function LinkEnded({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const t = useT(postPaymentMessages);
  const apiText = useApiText();
  return (
    <div className="wp-container wpp-phone-page">
      <title>{t('page.title', { title: t('phone.documentTitle') })}</title>
      <h1>{t('phone.heading')}</h1>
      <ErrorBox title={onRetry ? t('phone.cannotOpen') : t('phone.cannotUse')}>
        <p>{apiText(text)}</p>
      </ErrorBox>
      {onRetry ? (
        <div className="wp-actions">
          <Button onClick={onRetry}>{t('layout.tryAgain')}</Button>
        </div>
      ) : (
        <p className="wpw-muted">{t('phone.newLink')}</p>
      )}
    </div>
  );
}

/** A large button that opens the camera or the file chooser (the input is hidden but labelled). */
function Picker({
  id,
  title,
  text,
  accept,
  capture,
  secondary = false,
  onFile,
}: {
  id: string;
  title: string;
  text: string;
  accept: string;
  capture?: 'user' | 'environment';
  secondary?: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <>
      <input
        id={id}
        type="file"
        className="wp-visually-hidden"
        accept={accept}
        capture={capture}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label
        htmlFor={id}
        className={`wpp-phone-picker${secondary ? ' wpp-phone-picker--secondary' : ''}`}
      >
        <span className="wpp-phone-picker__title">{title}</span>
        <span className="wpp-phone-picker__text">{text}</span>
      </label>
    </>
  );
}

/** The page a phone opens from the QR code: no sign-in, the link alone allows one upload of one document. */
export function PhoneUploadPage() {
  const t = useT(postPaymentMessages);
  const { token = '' } = useParams();
  const info = useGetUploadTokenQuery(token);
  const upload = useDocumentUpload(`/uploads/${encodeURIComponent(token)}`);

  if (info.isLoading || (info.isFetching && !info.data))
    return <PageSpinner label={t('phone.opening')} />;
  if (!info.data) {
    const error = info.error as Partial<ApiError> | undefined;
    const status = error?.status ?? 0;
    return (
      <LinkEnded
        text={linkProblem(status, error?.message)}
        onRetry={passing(status) ? () => void info.refetch() : undefined}
      />
    );
  }
  if (upload.phase === 'error' && (upload.errorStatus === 404 || upload.errorStatus === 409)) {
    return <LinkEnded text={linkProblem(upload.errorStatus, upload.error ?? undefined)} />;
  }
  const { kind } = info.data;
  const photo = kind === 'photo';
  const title = t(`phone.title.${kind}`);

  let body;
  if (upload.phase === 'uploading') {
    body = (
      <UploadProgress
        label={photo ? t('document.uploadingPhoto') : t('document.uploading')}
        progress={upload.progress}
      />
    );
  } else if (upload.phase === 'done' && upload.document?.status === 'ACCEPTED') {
    body = (
      <div className="wpp-success" role="status">
        <SuccessTitle />
        <p>{t('phone.done')}</p>
      </div>
    );
  } else if (upload.phase === 'done' && upload.document) {
    // The link has taken its one upload: another try starts from a new code on the computer.
    body = (
      <>
        <FailedChecks document={upload.document} />
        <p>{t(`phone.retry.${kind}`)}</p>
      </>
    );
  } else {
    body = (
      <>
        {upload.phase === 'error' ? (
          // The API's upload messages are written for people (too large, not a picture…); a fault is ours.
          <ErrorBox>
            {passing(upload.errorStatus) ? t('upload.failed') : upload.errorMessage}
          </ErrorBox>
        ) : null}
        <div className="wpp-phone-pickers">
          <Picker
            id="phone-upload-camera"
            title={t('phone.camera')}
            text={t(`phone.camera.${kind}`)}
            accept="image/*"
            capture={photo ? 'user' : 'environment'}
            onFile={upload.start}
          />
          <Picker
            id="phone-upload-file"
            title={t('phone.file')}
            text={t(`phone.file.${kind}`)}
            accept={photo ? ACCEPT_PHOTO : ACCEPT_PASSPORT}
            secondary
            onFile={upload.start}
          />
        </div>
      </>
    );
  }

  return (
    <div className="wp-container wpp-phone-page">
      <title>{t('page.title', { title })}</title>
      <h1>{title}</h1>
      <p>{t('phone.for', { name: info.data.travelerName, reference: info.data.reference })}</p>
      {photo ? null : <p className="wpw-muted">{t('phone.layFlat')}</p>}
      {body}
    </div>
  );
}
