import { useEffect, useRef } from 'react';
import { Link, Navigate, useAppDispatch, useAppSelector, useNavigate } from '@waypoint/platform';
import { useReferenceText, useStatusLabel } from '@waypoint/platform/i18n';
import { Banner, Button, buttonClassName, useT } from '@waypoint/ui';
import { applyMessages } from '../i18n/catalog';
import { resetApplication, selectConfirmation, startNewApplication } from '../state';
import { stepPath } from '../wizard/steps';
import { useFormatDate } from '../wizard/text';

/**
 * The page after payment: the payment is received, the order's reference, what the traveller still has to give
 * (each traveller's passport page and photo, and the remaining questions) and one way on, to those pages.
 */
export function SuccessPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const confirmation = useAppSelector(selectConfirmation);
  const t = useT(applyMessages);
  const reference = useReferenceText();
  const statusLabel = useStatusLabel();
  const formatDate = useFormatDate();
  const heading = useRef<HTMLHeadingElement>(null);

  // The order is placed: the wizard starts afresh (spec section 4); the confirmation stays for a reload.
  useEffect(() => {
    if (confirmation) dispatch(resetApplication());
  }, [confirmation, dispatch]);

  // The page says what happened: its heading takes the focus as it opens, as the pages after payment do.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);

  // Nothing was paid in this visit: there is nothing to confirm.
  if (!confirmation) return <Navigate to={stepPath(1)} replace />;

  const { application, signInLinkSent } = confirmation;
  // The first page after payment, where My orders and the confirmation e-mail continue a paid order too.
  const next = `/application/${encodeURIComponent(application.id)}/general-info`;
  const onNew = () => {
    dispatch(startNewApplication());
    navigate(stepPath(1));
  };

  return (
    <div className="wp-container wpw-page wpw-success">
      <title>{t('page.title', { title: t('success.title') })}</title>
      <h1 ref={heading} tabIndex={-1}>
        {t('success.title')}
      </h1>
      <p className="wp-lead">{t('success.lead')}</p>
      <section className="wp-card" aria-labelledby="success-order">
        <h2 id="success-order">{t('common.order', { reference: application.reference })}</h2>
        <dl className="wpw-order">
          <div>
            <dt>{t('success.status')}</dt>
            <dd>
              <span className="wp-badge">{statusLabel(application.status)}</span>
            </dd>
          </div>
          <div>
            <dt>{t('success.date')}</dt>
            <dd>{formatDate(application.paidAt ?? application.createdAt)}</dd>
          </div>
          <div>
            <dt>{t('common.visaType')}</dt>
            <dd>
              {reference.visaTypeName({
                id: application.visaTypeId ?? '',
                name: application.visaTypeName,
              })}
            </dd>
          </div>
          <div>
            <dt>{t('success.processing')}</dt>
            <dd>
              {reference.optionName({
                id: application.processingOptionId ?? '',
                name: application.processingName,
              })}
            </dd>
          </div>
        </dl>
      </section>
      {signInLinkSent ? (
        <Banner title={t('success.signIn.title')}>{t('success.signIn.text')}</Banner>
      ) : null}
      <section className="wp-card" aria-labelledby="success-needed">
        <h2 id="success-needed">{t('success.needed.heading')}</h2>
        <ul className="wpw-next">
          <li>
            {t('success.needed.documents', { count: Math.max(1, application.travelerCount) })}
          </li>
          <li>{t('success.needed.questions')}</li>
        </ul>
        <p>{t('success.needed.why')}</p>
        <div className="wp-actions">
          <Link to={next} className={buttonClassName('primary', 'large')}>
            {t('success.continue')}
          </Link>
        </div>
      </section>
      <section className="wp-card" aria-labelledby="success-next">
        <h2 id="success-next">{t('success.next.heading')}</h2>
        <ol className="wpw-next">
          <li>{t('success.next.confirmation')}</li>
          <li>{t('success.next.check', { hours: application.processingHours })}</li>
          <li>{t('success.next.decision')}</li>
        </ol>
      </section>
      <p className="wpw-success__new">
        <Button variant="link" onClick={onNew}>
          {t('success.new')}
        </Button>
      </p>
    </div>
  );
}
