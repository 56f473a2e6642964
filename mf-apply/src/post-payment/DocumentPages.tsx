import { useEffect, useRef, useState } from 'react';
import type { DocumentKindParam, DocumentSummary, TravelerDetail } from '@waypoint/contracts';
import { useNavigate } from '@waypoint/platform';
import { Button, useT } from '@waypoint/ui';
import { useGetApplicationQuery, useRefreshApplication, useStoreDocument } from './api';
import { useSectionAccess } from './casework';
import { ChangeNotice, LockedNote } from './ChangeNotice';
import { usePostPayment, useRegisterSave } from './context';
import { postPaymentMessages } from './i18n/catalog';
import { PageFrame } from './PageFrame';
import { travelerPath, travelerTitle } from './sections';
import { useFlowPaths } from './SectionForm';
import {
  ACCEPT_PASSPORT,
  ACCEPT_PHOTO,
  DocumentPreview,
  DropZone,
  FailedChecks,
  FilePicker,
  PhonePanel,
  PhonePickers,
  SuccessMessage,
  UploadProgress,
  useDocumentUpload,
  useIsPhone,
} from './upload';

/** How long the success message shows before the next page opens. */
export const MOVE_ON_DELAY_MS = 2000;
/** How often the page looks for an upload from the phone. */
export const PHONE_POLL_MS = 3000;

interface KindConfig {
  kind: DocumentKindParam;
  slug: 'passport-page' | 'applicants-photo';
  field: 'passportPage' | 'photo';
  uploading: 'document.uploading' | 'document.uploadingPhoto';
}

const PASSPORT: KindConfig = {
  kind: 'passport-page',
  slug: 'passport-page',
  field: 'passportPage',
  uploading: 'document.uploading',
};
const PHOTO: KindConfig = {
  kind: 'photo',
  slug: 'applicants-photo',
  field: 'photo',
  uploading: 'document.uploadingPhoto',
};

/** What a good photo looks like, in the order the page lists it. */
export const PHOTO_INSTRUCTIONS = [
  'document.photo.instruction.frame',
  'document.photo.instruction.head',
  'document.photo.instruction.items',
  'document.photo.instruction.background',
] as const;

/** What a good photo looks like: the instructions beside the drawn example. */
function PhotoGuide() {
  const t = useT(postPaymentMessages);
  return (
    <div className="wpp-photo-guide">
      <ol className="wpp-instructions" aria-label={t('document.photo.instructions')}>
        {PHOTO_INSTRUCTIONS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
      <ExamplePhoto />
    </div>
  );
}

/** A drawn example of a good photo: head and shoulders, straight, on a plain white background. */
export function ExamplePhoto() {
  const t = useT(postPaymentMessages);
  return (
    <svg
      className="wpp-example"
      role="img"
      aria-label={t('document.photo.example')}
      width="150"
      height="190"
      viewBox="0 0 150 190"
    >
      <rect
        x="1"
        y="1"
        width="148"
        height="188"
        rx="6"
        fill="#ffffff"
        stroke="#6b7280"
        strokeWidth="2"
      />
      <path d="M20 189c2-38 26-56 55-56s53 18 55 56z" fill="#0a4a80" />
      <path d="M62 118h26v22c-4 6-22 6-26 0z" fill="#e0b48f" />
      <ellipse cx="75" cy="80" rx="30" ry="38" fill="#f0c7a0" />
      <path d="M45 72c0-26 14-38 30-38s30 12 30 38c-6-14-16-20-30-20s-24 6-30 20z" fill="#3b2a1a" />
      <ellipse cx="44" cy="84" rx="5" ry="9" fill="#e0b48f" />
      <ellipse cx="106" cy="84" rx="5" ry="9" fill="#e0b48f" />
      <circle cx="63" cy="80" r="3" fill="#1b1f24" />
      <circle cx="87" cy="80" r="3" fill="#1b1f24" />
      <path d="M66 102h18" stroke="#8a4b3a" strokeWidth="3" strokeLinecap="round" />
      <path d="M10 34h130M10 160h130" stroke="#146c43" strokeWidth="1.5" strokeDasharray="4 4" />
    </svg>
  );
}

function DocumentPage({ traveler, config }: { traveler: TravelerDetail; config: KindConfig }) {
  const t = useT(postPaymentMessages);
  const { application, live, changes } = usePostPayment();
  const { readOnly, change } = useSectionAccess(config.slug, traveler.id);
  const navigate = useNavigate();
  const phone = useIsPhone();
  const storeDocument = useStoreDocument(application.id);
  const refresh = useRefreshApplication(application.id);
  const { next, back } = useFlowPaths(
    travelerPath(application.id, traveler.id, config.slug),
    change,
  );
  const caption = travelerTitle(t, application, traveler);

  const existing = traveler[config.field];
  // Staff asked for a new one: the one we have is shown with their message, and a new one is asked for.
  const mustReplace = change !== null && !change.resolved;
  const [replacing, setReplacing] = useState(false);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [arrived, setArrived] = useState<DocumentSummary | null>(null);
  const knownId = useRef(existing?.id ?? null);
  const upload = useDocumentUpload(
    `/application/${encodeURIComponent(application.id)}/travelers/${encodeURIComponent(traveler.id)}/documents/${config.kind}`,
    (document) => {
      storeDocument(traveler.id, document);
      // The change it makes (staff asked for it) is known to the server: fetched with the application.
      if (change) refresh();
    },
  );
  // While the QR code shows, the phone's upload arrives as a live event (the layout's); without live events,
  // the application is fetched every 3 s to see it.
  useGetApplicationQuery(application.id, {
    pollingInterval: phoneOpen && !arrived && !live ? PHONE_POLL_MS : 0,
    skipPollingIfUnfocused: false,
  });

  useEffect(() => {
    if (
      phoneOpen &&
      !arrived &&
      existing?.status === 'ACCEPTED' &&
      existing.id !== knownId.current
    ) {
      setArrived(existing);
    }
  }, [phoneOpen, arrived, existing]);

  const accepted =
    arrived ??
    (upload.phase === 'done' && upload.document?.status === 'ACCEPTED' ? upload.document : null);

  useEffect(() => {
    if (!accepted) return undefined;
    const timer = setTimeout(() => navigate(next), MOVE_ON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [accepted, navigate, next]);

  // Nothing to save on an upload page: Save & Exit simply leaves.
  useRegisterSave(async () => 'saved');

  const restart = () => {
    upload.reset();
    setReplacing(true);
  };

  const backButton = back ? (
    <Button variant="secondary" onClick={() => navigate(back)}>
      {t('form.back')}
    </Button>
  ) : null;

  let body;
  if (upload.phase === 'uploading') {
    body = <UploadProgress label={t(config.uploading)} progress={upload.progress} />;
  } else if (accepted) {
    body = (
      <>
        <SuccessMessage document={accepted} kind={config.kind} />
        <p className="wpw-muted">{t('document.next')}</p>
        <div className="wp-actions wpp-actions">
          <Button onClick={() => navigate(next)}>{t('form.continue')}</Button>
        </div>
      </>
    );
  } else if (upload.phase === 'done' && upload.document && config.kind === 'photo') {
    // The refused photo stays in view with the reasons and the instructions, and the next one is one tap away.
    body = (
      <>
        <FailedChecks document={upload.document} />
        <DocumentPreview document={upload.document} kind={config.kind} />
        <PhotoGuide />
        {phone ? (
          <>
            <PhonePickers
              kind={config.kind}
              onFile={upload.start}
              takeLabel={t('document.tryAnother')}
            />
            <div className="wp-actions wpp-actions">{backButton}</div>
          </>
        ) : (
          <div className="wp-actions wpp-actions">
            {backButton}
            <FilePicker
              accept={ACCEPT_PHOTO}
              label={t('document.photoFile')}
              buttonLabel={t('document.tryAnother')}
              onFile={upload.start}
            />
          </div>
        )}
      </>
    );
  } else if (upload.phase === 'done' && upload.document) {
    body = (
      <>
        <FailedChecks document={upload.document} />
        <div className="wp-actions wpp-actions">
          <Button onClick={restart}>{t('layout.tryAgain')}</Button>
        </div>
      </>
    );
  } else if (upload.phase === 'error') {
    body = (
      <>
        <div className="wp-error-box" role="alert">
          {upload.errorMessage}
        </div>
        <div className="wp-actions wpp-actions">
          <Button onClick={restart}>{t('layout.tryAgain')}</Button>
        </div>
      </>
    );
  } else if (existing?.status === 'ACCEPTED' && (!replacing || readOnly) && !mustReplace) {
    body = (
      <>
        <SuccessMessage document={existing} kind={config.kind} />
        {readOnly ? null : (
          <p>
            <Button variant="link" onClick={() => setReplacing(true)}>
              {t('document.replace')}
            </Button>
          </p>
        )}
        <div className="wp-actions wpp-actions">
          {backButton}
          <Button onClick={() => navigate(next)}>
            {readOnly ? t('form.continue') : t('form.saveContinue')}
          </Button>
        </div>
      </>
    );
  } else if (readOnly) {
    body = (
      <>
        <p>{t(`document.none.${config.kind}`)}</p>
        <div className="wp-actions wpp-actions">
          {backButton}
          <Button onClick={() => navigate(next)}>{t('form.continue')}</Button>
        </div>
      </>
    );
  } else {
    const phonePanel = (
      <section className="wp-card wpp-method" aria-labelledby={`${config.kind}-phone`}>
        <h3 id={`${config.kind}-phone`}>{t('document.phone.title')}</h3>
        {phoneOpen ? (
          // A link takes one upload: when one arrives (and did not pass), a new link and code replace it.
          <PhonePanel
            key={existing?.id ?? 'none'}
            applicationId={application.id}
            travelerId={traveler.id}
            kind={config.kind}
          />
        ) : (
          <>
            <p className="wpw-muted">{t('document.phone.intro')}</p>
            <Button variant="secondary" onClick={() => setPhoneOpen(true)}>
              {t('document.phone.show')}
            </Button>
          </>
        )}
      </section>
    );
    const current =
      mustReplace && existing ? (
        <div className="wpp-change-current">
          <p className="wpp-change-current__label">{t('changes.document.current')}</p>
          <DocumentPreview document={existing} kind={config.kind} />
        </div>
      ) : null;
    body = phone ? (
      // On a phone: its camera and its photos, no QR code to scan with itself and nothing to drag.
      <>
        {current}
        {config.kind === 'photo' ? (
          <PhotoGuide />
        ) : (
          <p className="wpw-muted">{t('phone.layFlat')}</p>
        )}
        <PhonePickers kind={config.kind} onFile={upload.start} />
        <div className="wp-actions wpp-actions">{backButton}</div>
      </>
    ) : config.kind === 'passport-page' ? (
      <>
        {current}
        <h2>{t('document.methods')}</h2>
        <div className="wpp-methods">
          {phonePanel}
          <section className="wp-card wpp-method" aria-label={t('upload.dragDrop')}>
            <DropZone
              accept={ACCEPT_PASSPORT}
              label={t('document.passportFile')}
              hint={t('document.passportHint')}
              onFile={upload.start}
            />
          </section>
        </div>
        <div className="wp-actions wpp-actions">{backButton}</div>
      </>
    ) : (
      <>
        {current}
        <PhotoGuide />
        <div className="wp-actions wpp-actions">
          {backButton}
          <FilePicker
            accept={ACCEPT_PHOTO}
            label={t('document.photoFile')}
            buttonLabel={t('document.choosePhoto')}
            onFile={upload.start}
          />
        </div>
        <div className="wpp-methods">{phonePanel}</div>
      </>
    );
  }

  return (
    <PageFrame title={t(`section.${config.slug}.heading`)} caption={caption}>
      <ChangeNotice change={change} />
      <LockedNote locked={changes !== null && readOnly} />
      {body}
    </PageFrame>
  );
}

export function PassportPagePage({ traveler }: { traveler: TravelerDetail }) {
  return <DocumentPage traveler={traveler} config={PASSPORT} />;
}

export function ApplicantsPhotoPage({ traveler }: { traveler: TravelerDetail }) {
  return <DocumentPage traveler={traveler} config={PHOTO} />;
}

export { DocumentPreview };
