import { useEffect } from 'react';
import { STATUS_LABEL } from '@waypoint/contracts';
import { Link, Navigate, useAppDispatch, useAppSelector, useNavigate } from '@waypoint/platform';
import { Banner, Button } from '@waypoint/ui';
import { resetApplication, selectConfirmation, startNewApplication } from '../state';
import { formatDate } from '../wizard/order';
import { stepPath } from '../wizard/steps';

/** The confirmation of a paid order: its reference, status, date and what happens next. */
export function SuccessPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const confirmation = useAppSelector(selectConfirmation);

  // The order is placed: the wizard starts afresh (spec section 4); the confirmation stays for a reload.
  useEffect(() => {
    if (confirmation) dispatch(resetApplication());
  }, [confirmation, dispatch]);

  // Nothing was paid in this visit: there is nothing to confirm.
  if (!confirmation) return <Navigate to={stepPath(1)} replace />;

  const { application, signInLinkSent } = confirmation;
  const onNew = () => {
    dispatch(startNewApplication());
    navigate(stepPath(1));
  };

  return (
    <div className="wp-container wpw-page wpw-success">
      <title>Application Submitted Successfully – Waypoint</title>
      <h1>Application Submitted Successfully</h1>
      <p className="wp-lead">Thank you. Your payment has been received and your order is placed.</p>
      <section className="wp-card" aria-labelledby="success-order">
        <h2 id="success-order">Order #{application.reference}</h2>
        <dl className="wpw-order">
          <div>
            <dt>Status</dt>
            <dd>
              <span className="wp-badge">{STATUS_LABEL[application.status]}</span> Payment received
            </dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>{formatDate(application.paidAt ?? application.createdAt)}</dd>
          </div>
          <div>
            <dt>Visa type</dt>
            <dd>{application.visaTypeName}</dd>
          </div>
          <div>
            <dt>Processing</dt>
            <dd>{application.processingName}</dd>
          </div>
        </dl>
      </section>
      {signInLinkSent ? (
        <Banner title="Check your inbox to sign in">
          This e-mail address already has a Waypoint account, so we have e-mailed you a sign-in
          link. Use it to follow your order.
        </Banner>
      ) : null}
      <section className="wp-card" aria-labelledby="success-next">
        <h2 id="success-next">What happens next</h2>
        <ol className="wpw-next">
          <li>We have sent you a confirmation e-mail with your order details.</li>
          <li>
            We check your application and submit it within {application.processingHours} hours.
          </li>
          <li>The decision on your application is sent to you by e-mail.</li>
          <li>
            Your next step: upload your passport page and your photo.{' '}
            <Link to={`/application/${encodeURIComponent(application.id)}/general-info`}>
              Continue with your documents
            </Link>
          </li>
        </ol>
      </section>
      <div className="wp-actions">
        <Button variant="secondary" onClick={onNew}>
          Submit New Application
        </Button>
      </div>
    </div>
  );
}
