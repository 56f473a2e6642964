import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { WizardText } from '@waypoint/contracts';
import { fieldErrorsOf, useAppDispatch, useAppSelector, type ApiError } from '@waypoint/platform';
import { useErrorText } from '@waypoint/platform/i18n';
import { Button, ErrorBox, TextField, useT } from '@waypoint/ui';
import { applyMessages } from '../i18n/catalog';
import {
  applyApi,
  dismissBanner,
  selectApply,
  useSaveDraftMutation,
  type WizardStep,
} from '../state';
import { useRequestReturnLinkMutation } from './draftReturn';
import { draftOf, useOrderContext } from './order';

/** What the small form shows: closed, open (with a problem, if any), or the link sent to an address. */
type View =
  | { kind: 'closed' }
  | { kind: 'open'; fieldError: string | null; failure: ApiError | null; attempt: number }
  | { kind: 'sent'; email: string };

/**
 * "Save and come back later" on steps 1 to 4: the wizard as it stands is saved, and a link to it is e-mailed (it
 * works once, for 7 days, in any browser: `/application/return/<token>`). The address is the first traveller's
 * when already entered. The saved application is then this tab's own, so the "already started" banner does not
 * offer it back here.
 */
export function SaveForLater({ step }: { step: WizardStep }) {
  const t = useT(applyMessages);
  const errorText = useErrorText();
  const dispatch = useAppDispatch();
  const apply = useAppSelector(selectApply);
  const { countryId, visaType } = useOrderContext();
  const [save, saving] = useSaveDraftMutation();
  const [requestLink, requesting] = useRequestReturnLinkMutation();
  const [view, setView] = useState<View>({ kind: 'closed' });
  const [email, setEmail] = useState('');
  const formId = useId();
  const errorRef = useRef<HTMLDivElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const busy = saving.isLoading || requesting.isLoading;

  const attempt = view.kind === 'open' ? view.attempt : 0;
  const failed = view.kind === 'open' && view.failure !== null;
  useEffect(() => {
    if (failed) errorRef.current?.focus();
  }, [failed, attempt]);
  useEffect(() => {
    if (view.kind === 'sent') sentRef.current?.focus();
  }, [view.kind]);

  const open = () => {
    setEmail(apply.travelers[0]?.email?.trim() ?? '');
    setView({ kind: 'open', fieldError: null, failure: null, attempt: 0 });
    // The field appears with this render: focus it once it is there.
    setTimeout(() => emailRef.current?.focus(), 0);
  };

  const fail = (failure: ApiError | null, fieldError: string | null = null) =>
    setView((last) => ({
      kind: 'open',
      fieldError,
      failure,
      attempt: (last.kind === 'open' ? last.attempt : 0) + 1,
    }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // The address's form is checked by the API (its message shows at the field); a blank one is refused here.
    const address = email.trim();
    if (!address) {
      fail(null, WizardText.emailRequired);
      emailRef.current?.focus();
      return;
    }
    // The link brings back the wizard as it is now: save it first.
    const draft = draftOf(apply, { countryId, visaTypeId: visaType?.id ?? null }, step);
    const saved = await save(draft);
    if (saved.error) return fail(saved.error as ApiError);
    dispatch(
      applyApi.util.upsertQueryData('getSessionData', undefined, {
        data: draft,
        sessionId: saved.data.sessionId,
      }),
    );
    dispatch(dismissBanner());
    const sent = await requestLink({ email: address });
    if (sent.error) {
      const fieldError = fieldErrorsOf(sent.error)?.email;
      if (fieldError) {
        fail(null, fieldError);
        emailRef.current?.focus();
        return;
      }
      return fail(sent.error as ApiError);
    }
    setView({ kind: 'sent', email: sent.data.email });
  };

  if (view.kind === 'closed') {
    return (
      <div className="wpw-save-later">
        <Button variant="secondary" onClick={open}>
          {t('saveForLater.open')}
        </Button>
      </div>
    );
  }

  if (view.kind === 'sent') {
    return (
      <section className="wpw-save-later wp-card" aria-labelledby={`${formId}-title`}>
        <h2 id={`${formId}-title`}>{t('saveForLater.title')}</h2>
        <p ref={sentRef} tabIndex={-1} role="status">
          {t('saveForLater.sent', { email: view.email })}
        </p>
      </section>
    );
  }

  return (
    <section className="wpw-save-later wp-card" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>{t('saveForLater.title')}</h2>
      <p>{t('saveForLater.intro')}</p>
      {view.failure ? (
        <div ref={errorRef} tabIndex={-1}>
          <ErrorBox>{errorText(view.failure)}</ErrorBox>
        </div>
      ) : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="wp-stack">
        <TextField
          id={`${formId}-email`}
          ref={emailRef}
          label={t('common.email')}
          type="email"
          dir="ltr"
          autoComplete="email"
          value={email}
          required
          error={view.fieldError}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="wp-actions">
          <Button type="submit" busy={busy}>
            {t('saveForLater.send')}
          </Button>
          <Button variant="link" onClick={() => setView({ kind: 'closed' })}>
            {t('saveForLater.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}
