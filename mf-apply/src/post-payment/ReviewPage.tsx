import { useState } from 'react';
import { PostPaymentText } from '@waypoint/contracts';
import { Link, useNavigate } from '@waypoint/platform';
import { Button, ErrorBox } from '@waypoint/ui';
import { errorText, useStoreApplication, useSubmitApplicationMutation } from './api';
import { usePostPayment, useRegisterSave } from './context';
import { PageFrame } from './PageFrame';
import {
  STATE_LABEL,
  TRAVELER_SECTIONS,
  generalInfoPath,
  previousPath,
  reviewPath,
  travelerPath,
  travelerTitle,
} from './sections';

const MISSING_PREFIX = 'Please complete the following before submitting:';

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

/** After the last section: every section's state, then Submit Application. */
export function ReviewPage() {
  const { application, readOnly } = usePostPayment();
  const navigate = useNavigate();
  const storeApplication = useStoreApplication();
  const [submit, { isLoading }] = useSubmitApplicationMutation();
  const [error, setError] = useState<string | null>(null);
  const back = previousPath(application, reviewPath(application.id));
  useRegisterSave(async () => 'saved');

  const onSubmit = async () => {
    setError(null);
    try {
      const result = await submit(application.id).unwrap();
      storeApplication(result.application);
      navigate('/orders');
    } catch (failure) {
      setError(errorText(failure, PostPaymentText.submitFailed));
    }
  };

  const missing = error ? splitMissing(error) : null;
  return (
    <PageFrame title={readOnly ? 'Your application' : 'Review and submit'}>
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
      <ul className="wpp-review">
        <li>
          <Link to={generalInfoPath(application.id)}>General Information</Link>:{' '}
          {STATE_LABEL[application.generalInfo.state]}
        </li>
      </ul>
      {application.travelers.map((traveler) => (
        <section key={traveler.id} aria-label={travelerTitle(application, traveler)}>
          <h2 className="wpp-review__heading">{travelerTitle(application, traveler)}</h2>
          <ul className="wpp-review">
            {TRAVELER_SECTIONS.map((section) => (
              <li key={section.slug}>
                <Link to={travelerPath(application.id, traveler.id, section.slug)}>
                  {section.label}
                </Link>
                : {STATE_LABEL[traveler.sections[section.key]]}
              </li>
            ))}
          </ul>
        </section>
      ))}
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
