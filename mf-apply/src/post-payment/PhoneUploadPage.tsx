import { UploadLinkText } from '@waypoint/contracts';
import { useParams, type ApiError } from '@waypoint/platform';
import { Button, ErrorBox, PageSpinner } from '@waypoint/ui';
import { useGetUploadTokenQuery } from './api';
import {
  ACCEPT_PASSPORT,
  ACCEPT_PHOTO,
  FailedChecks,
  UPLOAD_FAILED,
  UploadProgress,
  useDocumentUpload,
} from './upload';
import { CircleCheck, Icon } from '@waypoint/ui/icons';

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
  return (
    <div className="wp-container wpp-phone-page">
      <title>Upload – Waypoint</title>
      <h1>Upload a document</h1>
      <ErrorBox title={onRetry ? 'We could not open your link' : 'This link cannot be used'}>
        <p>{text}</p>
      </ErrorBox>
      {onRetry ? (
        <div className="wp-actions">
          <Button onClick={onRetry}>Try again</Button>
        </div>
      ) : (
        <p className="wpw-muted">
          On your computer, open your application&apos;s passport page or photo step and choose
          &ldquo;Show the QR code&rdquo; to get a new link.
        </p>
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
  const { token = '' } = useParams();
  const info = useGetUploadTokenQuery(token);
  const upload = useDocumentUpload(`/uploads/${encodeURIComponent(token)}`);

  if (info.isLoading || (info.isFetching && !info.data))
    return <PageSpinner label="Opening your upload link…" />;
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
  const photo = info.data.kind === 'photo';
  const what = photo ? 'photo' : 'passport page';
  const title = photo ? 'Upload your photo' : 'Upload your passport page';

  let body;
  if (upload.phase === 'uploading') {
    body = (
      <UploadProgress
        label={photo ? 'Uploading your photo...' : 'Uploading...'}
        progress={upload.progress}
      />
    );
  } else if (upload.phase === 'done' && upload.document?.status === 'ACCEPTED') {
    body = (
      <div className="wpp-success" role="status">
        <p className="wpp-success__title">
          <Icon icon={CircleCheck} size={22} /> Great job!
        </p>
        <p>Your upload passed our initial review!</p>
        <p>You can now go back to your computer: it moves on by itself.</p>
      </div>
    );
  } else if (upload.phase === 'done' && upload.document) {
    // The link has taken its one upload: another try starts from a new code on the computer.
    body = (
      <>
        <FailedChecks document={upload.document} />
        <p>
          To try again, go back to your computer: it shows a new code to scan for your next {what}.
        </p>
      </>
    );
  } else {
    body = (
      <>
        {upload.phase === 'error' ? (
          // The API's upload messages are written for people (too large, not a picture…); a fault is ours.
          <ErrorBox>{passing(upload.errorStatus) ? UPLOAD_FAILED : upload.error}</ErrorBox>
        ) : null}
        <div className="wpp-phone-pickers">
          <Picker
            id="phone-upload-camera"
            title="Take a photo"
            text={photo ? 'with your front camera' : 'with your camera'}
            accept="image/*"
            capture={photo ? 'user' : 'environment'}
            onFile={upload.start}
          />
          <Picker
            id="phone-upload-file"
            title="Choose a file"
            text={photo ? 'a picture on your phone' : 'a picture or a PDF on your phone'}
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
      <title>{`${title} – Waypoint`}</title>
      <h1>{title}</h1>
      <p>
        For {info.data.travelerName}, order {info.data.reference}.
      </p>
      {photo ? null : (
        <p className="wpw-muted">
          Lay the passport flat in good light and fill the frame with the {what}.
        </p>
      )}
      {body}
    </div>
  );
}
