import { useState } from 'react';
import { PostPaymentText, ageGroups } from '@waypoint/contracts';
import { useNavigate } from '@waypoint/platform';
import { useApiText, useReferenceText } from '@waypoint/platform/i18n';
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
import { errorText, useStoreApplication, useSubmitApplicationMutation } from './api';
import { usePostPayment, useRegisterSave } from './context';
import { postPaymentMessages, type PostPaymentT } from './i18n/catalog';
import { PageFrame } from './PageFrame';
import { previousPath, reviewPath, travelerName, travelerTitle } from './sections';

const MISSING_PREFIX = 'Please complete the following before submitting:';
const DECLARATION_ID = 'submit-declaration';

/** The traveller count as people read it: '2 adults, 1 child'; '3 travelers' while a date of birth is missing. */
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
 */
export function ReviewPage() {
  const t = useT(postPaymentMessages);
  const reference = useReferenceText();
  const locale = useLocale();
  const apiText = useApiText();
  const { application, readOnly } = usePostPayment();
  const navigate = useNavigate();
  const storeApplication = useStoreApplication();
  const [submit, { isLoading }] = useSubmitApplicationMutation();
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [declarationError, setDeclarationError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const back = previousPath(application, reviewPath(application.id));
  useRegisterSave(async () => 'saved');

  const onSubmit = async () => {
    setError(null);
    if (!confirmed) {
      setDeclarationError(PostPaymentText.declarationRequired);
      setAttempt((count) => count + 1);
      return;
    }
    setDeclarationError(null);
    try {
      const result = await submit({ id: application.id, declarationConfirmed: true }).unwrap();
      storeApplication(result.application);
      navigate('/orders');
    } catch (failure) {
      setError(errorText(failure, PostPaymentText.submitFailed));
    }
  };

  const missing = error ? splitMissing(error) : null;
  const editable = !readOnly;
  const travelers = travelerCount(
    t,
    application.travelers.map((traveler) => traveler.dateOfBirth ?? ''),
    application.arrivalDate,
  );
  const text = { t, locale };
  return (
    <PageFrame title={readOnly ? t('layout.application') : t('section.review.heading')}>
      <ErrorSummary
        errors={declarationError ? [{ fieldId: DECLARATION_ID, message: declarationError }] : []}
        focusKey={attempt}
      />
      {missing ? (
        <ErrorBox title={missing.items.length > 0 ? t('review.missing') : apiText(missing.intro)}>
          {missing.items.length > 0 ? (
            <ul className="wpp-checks">
              {missing.items.map((item) => (
                <li key={item}>{apiText(item)}</li>
              ))}
            </ul>
          ) : null}
        </ErrorBox>
      ) : null}
      {editable ? <p className="wpw-muted">{t('review.intro')}</p> : null}
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
          group={generalGroup(text, application, editable)}
          about={t('review.general.about')}
          headingLevel={2}
        />
      </section>
      {application.travelers.map((traveler) => {
        const title = travelerTitle(t, application, traveler);
        return (
          <section key={traveler.id} className="wpp-review-section" aria-label={title}>
            <h2 className="wpp-review__heading">{title}</h2>
            {travelerGroups(text, application, traveler, editable).map((group) => (
              <SummaryGroupView
                key={group.title}
                group={group}
                about={travelerName(traveler) || title}
              />
            ))}
          </section>
        );
      })}
      {editable ? (
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
        {readOnly ? (
          <Button onClick={() => navigate('/orders')}>{t('layout.goToOrders')}</Button>
        ) : (
          <Button
            size="large"
            busy={isLoading}
            busyLabel={t('review.submitting')}
            onClick={() => void onSubmit()}
          >
            {t('review.submit')}
          </Button>
        )}
      </div>
    </PageFrame>
  );
}
