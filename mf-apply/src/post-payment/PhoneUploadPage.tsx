import { useParams } from '@waypoint/platform';
import { Button, ErrorBox, PageSpinner } from '@waypoint/ui';
import { errorText, useGetUploadTokenQuery } from './api';
import {
  ACCEPT_PASSPORT,
  ACCEPT_PHOTO,
  FailedChecks,
  UploadProgress,
  useDocumentUpload,
} from './upload';

const EXPIRED = 'This upload link has expired. Please scan the new code on your computer.';

/** The page a phone opens from the QR code: no sign-in, the signed link alone allows one kind of upload. */
export function PhoneUploadPage() {
  const { token = '' } = useParams();
  const info = useGetUploadTokenQuery(token);
  const upload = useDocumentUpload(`/uploads/${encodeURIComponent(token)}`);

  if (info.isLoading) return <PageSpinner label="Opening your upload link…" />;
  if (!info.data) {
    return (
      <div className="wp-container wpp-phone-page">
        <title>Upload – Waypoint</title>
        <h1>Upload a document</h1>
        <ErrorBox>{errorText(info.error, EXPIRED)}</ErrorBox>
      </div>
    );
  }
  const photo = info.data.kind === 'photo';
  const what = photo ? 'photo' : 'passport page';
  const title = photo ? 'Upload your photo' : 'Upload your passport page';
  const inputId = 'phone-upload-file';

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
          <span aria-hidden="true">✓ </span>Great job!
        </p>
        <p>Your upload pass our initial review!</p>
        <p>You can now go back to your computer: it moves on by itself.</p>
      </div>
    );
  } else if (upload.phase === 'done' && upload.document) {
    body = (
      <>
        <FailedChecks document={upload.document} />
        <Button size="large" fullWidth onClick={upload.reset}>
          Try again
        </Button>
      </>
    );
  } else {
    body = (
      <>
        {upload.phase === 'error' ? <ErrorBox>{upload.error}</ErrorBox> : null}
        <input
          id={inputId}
          type="file"
          className="wp-visually-hidden"
          accept={photo ? ACCEPT_PHOTO : ACCEPT_PASSPORT}
          capture={photo ? 'user' : 'environment'}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.start(file);
          }}
        />
        <label htmlFor={inputId} className="wpp-phone-picker">
          <span className="wpp-phone-picker__title">Take a photo</span>
          <span className="wpp-phone-picker__text">
            or choose a file{photo ? '' : ' (a picture or a PDF)'}
          </span>
        </label>
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
