import { useState } from 'react';
import { PostPaymentText, SUBMIT_DECLARATION, travelerCountSummary } from '@waypoint/contracts';
import { useNavigate } from '@waypoint/platform';
import { useGetCountriesQuery } from '@waypoint/platform/api';
import { Button, Checkbox, ErrorBox, ErrorSummary } from '@waypoint/ui';
import { formatDate } from '../wizard/order';
import {
  SummaryGroupView,
  SummaryList,
  generalGroup,
  travelerGroups,
  NOT_ANSWERED,
} from './AnswerSummary';
import { errorText, useStoreApplication, useSubmitApplicationMutation } from './api';
import { usePostPayment, useRegisterSave } from './context';
import { PageFrame } from './PageFrame';
import { previousPath, reviewPath, travelerName, travelerTitle } from './sections';

const MISSING_PREFIX = 'Please complete the following before submitting:';
const DECLARATION_ID = 'submit-declaration';

/** The server's "what is missing" message as a heading and a list. */
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
  const { application, readOnly } = usePostPayment();
  const navigate = useNavigate();
  const storeApplication = useStoreApplication();
  const countries = useGetCountriesQuery();
  const [submit, { isLoading }] = useSubmitApplicationMutation();
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [declarationError, setDeclarationError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const back = previousPath(application, reviewPath(application.id));
  useRegisterSave(async () => 'saved');

  const countryName = (code: string | null | undefined) => {
    if (!code) return NOT_ANSWERED;
    return countries.data?.find((country) => country.id === code)?.name ?? code;
  };

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
  const travelers = travelerCountSummary(
    application.travelers.map((traveler) => traveler.dateOfBirth ?? ''),
    application.arrivalDate,
  );
  return (
    <PageFrame title={readOnly ? 'Your application' : 'Check your answers'}>
      <ErrorSummary
        errors={declarationError ? [{ fieldId: DECLARATION_ID, message: declarationError }] : []}
        focusKey={attempt}
      />
      {missing ? (
        <ErrorBox title={missing.intro}>
          {missing.items.length > 0 ? (
            <ul className="wpp-checks">
              {missing.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </ErrorBox>
      ) : null}
      {editable ? (
        <p className="wpw-muted">
          Check every answer before you submit. Change takes you to the question and back here once
          you have saved it.
        </p>
      ) : null}
      <section className="wpp-review-section" aria-labelledby="review-order">
        <h2 id="review-order">Your order</h2>
        <SummaryList
          about="your order"
          rows={[
            { key: 'Country', value: application.country.name },
            { key: 'Apply for', value: application.visaType.name },
            {
              key: 'Arrival date',
              value: application.arrivalDate ? formatDate(application.arrivalDate) : 'Not planned',
            },
            { key: 'Processing', value: application.processingName },
            { key: 'Travelers', value: travelers },
          ]}
        />
      </section>
      <section className="wpp-review-section" aria-labelledby="review-general">
        <SummaryGroupView
          id="review-general"
          group={generalGroup(application, editable)}
          about="general information"
          headingLevel={2}
        />
      </section>
      {application.travelers.map((traveler) => {
        const title = travelerTitle(application, traveler);
        return (
          <section key={traveler.id} className="wpp-review-section" aria-label={title}>
            <h2 className="wpp-review__heading">{title}</h2>
            {travelerGroups(application, traveler, countryName, editable).map((group) => (
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
          <h2 id="review-declaration">Declaration</h2>
          <Checkbox
            id={DECLARATION_ID}
            label={SUBMIT_DECLARATION}
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
            Back
          </Button>
        ) : null}
        {readOnly ? (
          <Button onClick={() => navigate('/orders')}>Go to My orders</Button>
        ) : (
          <Button
            size="large"
            busy={isLoading}
            busyLabel="Submitting..."
            onClick={() => void onSubmit()}
          >
            Submit Application
          </Button>
        )}
      </div>
    </PageFrame>
  );
}
