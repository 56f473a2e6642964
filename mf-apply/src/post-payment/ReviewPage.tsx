import { useEffect, useId, useRef, useState } from 'react';
import {
  PostPaymentText,
  ageGroups,
  changesLeft,
  submittedNoticeState,
  type ChangeSection,
} from '@waypoint/contracts';
import { useNavigate } from '@waypoint/platform';
import { useApiText, useReferenceText, useStatusLabel } from '@waypoint/platform/i18n';
import {
  Button,
  Checkbox,
  ErrorBox,
  ErrorSummary,
  countryName,
  formatDate,
  useLocale,
  useT,
} from '@waypoint/ui';
import { SummaryGroupView, SummaryList, generalGroup, travelerGroups } from './AnswerSummary';
import {
  errorText,
  useRefreshApplication,
  useStoreApplication,
  useSubmitApplicationMutation,
} from './api';
import { changeOf } from './casework';
import { ChangesList } from './ChangeNotice';
import { usePostPayment, useRegisterSave } from './context';
import { postPaymentMessages, type PostPaymentT } from './i18n/catalog';
import { PageFrame } from './PageFrame';
import { previousPath, reviewPath, travelerName, travelerTitle } from './sections';

const MISSING_PREFIX = 'Please complete the following before submitting:';
const DECLARATION_ID = 'submit-declaration';

/** The traveller count as people read it: '2 adults, 1 child'; '3 travellers' while a date of birth is missing. */
function travelerCount(
  t: PostPaymentT,
  datesOfBirth: readonly string[],
  arrivalDate: string | null,
): string {
  const { adults, children, unknown } = ageGroups(datesOfBirth, arrivalDate);
  const count = adults + children + unknown;
  if (unknown > 0 || count === 0) return t('review.travelers.count', { count });
  if (children === 0) return t('review.travelers.adults', { adults });
  if (adults === 0) return t('review.travelers.children', { children });
  return t('review.travelers.adultsAndChildren', { adults, children });
}

/**
 * The server's "what is missing" message as a heading and a list (the English message, split before it is shown
 * in the page's language).
 */
function splitMissing(message: string): { intro: string; items: string[] } {
  if (!message.startsWith(MISSING_PREFIX)) return { intro: message, items: [] };
  const items = message
    .slice(MISSING_PREFIX.length)
    .trim()
    .replace(/\.$/, '')
    .split(/;\s*/)
    .filter(Boolean);
  return { intro: MISSING_PREFIX, items };
}

/**
 * "Check your answers" (GOV.UK pattern) after the last section: every answer per traveller with a Change link
 * that comes back here, then the declaration the traveller confirms before Submit Application. Once submitted,
 * the same answers without Change links.
 *
 * While the order waits for changes staff asked for, the page lists the changes still to make (each a link to its
 * page), has Change links on those sections only, and once every change is made offers Resubmit application with
 * the same declaration. Resubmitted, it says so (the focus moves to the confirmation, which is also announced) and
 * shows the order as submitted.
 */
export function ReviewPage() {
  const t = useT(postPaymentMessages);
  const reference = useReferenceText();
  const locale = useLocale();
  const apiText = useApiText();
  const statusLabel = useStatusLabel();
  const { application, readOnly, changes } = usePostPayment();
  const navigate = useNavigate();
  const storeApplication = useStoreApplication();
  const refresh = useRefreshApplication(application.id);
  const [submit, { isLoading }] = useSubmitApplicationMutation();
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [declarationError, setDeclarationError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [resubmitted, setResubmitted] = useState(false);
  const confirmation = useRef<HTMLElement>(null);
  const failureBox = useRef<HTMLDivElement>(null);
  const confirmationId = useId();
  const leftId = useId();
  const back = previousPath(application, reviewPath(application.id));
  useRegisterSave(async () => 'saved');

  // After the action, the focus moves to what it led to: the confirmation, or why it was refused. The status the
  // confirmation brings renames the page (whose heading takes the focus), hence the status among the triggers.
  useEffect(() => {
    if (resubmitted) confirmation.current?.focus();
  }, [resubmitted, application.status]);
  useEffect(() => {
    if (error && changes) failureBox.current?.focus();
  }, [error, changes]);

  const left = changesLeft(changes);
  /** While the order waits for changes: resubmitted once every change is made. */
  const canResubmit = changes !== null && left.length === 0;

  const onSubmit = async () => {
    setError(null);
    if (!confirmed) {
      setDeclarationError(PostPaymentText.declarationRequired);
      setAttempt((count) => count + 1);
      return;
    }
    setDeclarationError(null);
    const resubmitting = changes !== null;
    try {
      const result = await submit({ id: application.id, declarationConfirmed: true }).unwrap();
      storeApplication(result.application);
      if (resubmitting) setResubmitted(true);
      // My orders confirms it once: sent to the team, what they do next and by when.
      else navigate('/orders', { state: submittedNoticeState(result.application) });
    } catch (failure) {
      setError(errorText(failure, PostPaymentText.submitFailed));
      // Refused with changes left (or the order changed meanwhile): the list shows what the server knows.
      if (resubmitting) refresh();
    }
  };

  const missing = error ? splitMissing(error) : null;
  const editable = !readOnly;
  /** Change links: on every section while editable; while the order waits for changes, on those asked for. */
  const canChange = (section: ChangeSection, travelerId: string | null) =>
    changes ? changeOf(changes, section, travelerId) !== null : editable;
  const travelers = travelerCount(
    t,
    application.travelers.map((traveler) => traveler.dateOfBirth ?? ''),
    application.arrivalDate,
  );
  const text = { t, locale };
  const declaring = changes ? canResubmit : editable;
  return (
    <PageFrame title={readOnly && !changes ? t('layout.application') : t('section.review.heading')}>
      <div className="wp-visually-hidden" role="status" aria-live="polite">
        {resubmitted ? t('changes.resubmitted.title') : ''}
      </div>
      {resubmitted ? (
        <section
          ref={confirmation}
          tabIndex={-1}
          className="wp-banner wp-banner--success wpp-focus-target"
          aria-labelledby={confirmationId}
        >
          <div className="wp-banner__body">
            <p className="wp-banner__title" id={confirmationId}>
              {t('changes.resubmitted.title')}
            </p>
            <p>{t('changes.resubmitted.text')}</p>
            <p>{t('changes.resubmitted.status', { status: statusLabel(application.status) })}</p>
          </div>
        </section>
      ) : null}
      <ErrorSummary
        errors={declarationError ? [{ fieldId: DECLARATION_ID, message: declarationError }] : []}
        focusKey={attempt}
      />
      {missing ? (
        <div ref={failureBox} tabIndex={-1} className="wpp-focus-target">
          <ErrorBox title={missing.items.length > 0 ? t('review.missing') : apiText(missing.intro)}>
            {missing.items.length > 0 ? (
              <ul className="wpp-checks">
                {missing.items.map((item) => (
                  <li key={item}>{apiText(item)}</li>
                ))}
              </ul>
            ) : null}
          </ErrorBox>
        </div>
      ) : null}
      {changes ? (
        <section className="wpp-review-section" aria-labelledby={leftId}>
          <h2 id={leftId}>{t('changes.review.left')}</h2>
          {left.length > 0 ? (
            <>
              <p>{t('changes.review.leftIntro')}</p>
              <ChangesList application={application} items={left} />
            </>
          ) : (
            <p>{t('changes.review.allDone')}</p>
          )}
        </section>
      ) : editable ? (
        <p className="wpw-muted">{t('review.intro')}</p>
      ) : null}
      <section className="wpp-review-section" aria-labelledby="review-order">
        <h2 id="review-order">{t('review.order')}</h2>
        <SummaryList
          about={t('review.order.about')}
          rows={[
            { key: t('layout.country'), value: countryName(application.country.id, locale) },
            { key: t('review.applyFor'), value: reference.visaTypeName(application.visaType) },
            {
              key: t('layout.arrivalDate'),
              value: application.arrivalDate
                ? formatDate(application.arrivalDate, locale)
                : t('layout.notPlanned'),
            },
            {
              key: t('review.processing'),
              value: reference.optionName({
                id: application.processingOptionId ?? '',
                name: application.processingName,
              }),
            },
            { key: t('review.travelers'), value: travelers },
          ]}
        />
      </section>
      <section className="wpp-review-section" aria-labelledby="review-general">
        <SummaryGroupView
          id="review-general"
          group={generalGroup(text, application, canChange('general-info', null))}
          about={t('review.general.about')}
          headingLevel={2}
        />
      </section>
      {application.travelers.map((traveler) => {
        const title = travelerTitle(t, application, traveler);
        return (
          <section key={traveler.id} className="wpp-review-section" aria-label={title}>
            <h2 className="wpp-review__heading">{title}</h2>
            {travelerGroups(text, application, traveler, (slug) =>
              canChange(slug, traveler.id),
            ).map((group) => (
              <SummaryGroupView
                key={group.title}
                group={group}
                about={travelerName(traveler) || title}
              />
            ))}
          </section>
        );
      })}
      {declaring ? (
        <section className="wpp-review-section" aria-labelledby="review-declaration">
          <h2 id="review-declaration">{t('section.declaration.heading')}</h2>
          <Checkbox
            id={DECLARATION_ID}
            label={t('review.declaration.confirm')}
            checked={confirmed}
            onChange={(checked) => {
              setConfirmed(checked);
              if (checked) setDeclarationError(null);
            }}
            error={declarationError}
          />
        </section>
      ) : null}
      <div className="wp-actions wpp-actions">
        {back ? (
          <Button variant="secondary" onClick={() => navigate(back)}>
            {t('form.back')}
          </Button>
        ) : null}
        {declaring ? (
          <Button
            size="large"
            busy={isLoading}
            busyLabel={changes ? t('changes.review.resubmitting') : t('review.submitting')}
            onClick={() => void onSubmit()}
          >
            {changes ? t('changes.review.resubmit') : t('review.submit')}
          </Button>
        ) : (
          <Button onClick={() => navigate('/orders')}>{t('layout.goToOrders')}</Button>
        )}
      </div>
    </PageFrame>
  );
}
