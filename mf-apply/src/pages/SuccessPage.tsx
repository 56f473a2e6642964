import { useEffect } from 'react';
import { Link, Navigate, useAppDispatch, useAppSelector, useNavigate } from '@waypoint/platform';
import { useReferenceText, useStatusLabel } from '@waypoint/platform/i18n';
import { Banner, Button, rich, useT } from '@waypoint/ui';
import { applyMessages } from '../i18n/catalog';
import { resetApplication, selectConfirmation, startNewApplication } from '../state';
import { stepPath } from '../wizard/steps';
import { useFormatDate } from '../wizard/text';

/** The confirmation of a paid order: its reference, status, date and what happens next. */
export function SuccessPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const confirmation = useAppSelector(selectConfirmation);
  const t = useT(applyMessages);
  const reference = useReferenceText();
  const statusLabel = useStatusLabel();
  const formatDate = useFormatDate();

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
      <title>{t('page.title', { title: t('success.title') })}</title>
      <h1>{t('success.title')}</h1>
      <p className="wp-lead">{t('success.lead')}</p>
      <section className="wp-card" aria-labelledby="success-order">
        <h2 id="success-order">{t('common.order', { reference: application.reference })}</h2>
        <dl className="wpw-order">
          <div>
            <dt>{t('success.status')}</dt>
            <dd>
              <span className="wp-badge">{statusLabel(application.status)}</span>{' '}
              {t('success.paymentReceived')}
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
      <section className="wp-card" aria-labelledby="success-next">
        <h2 id="success-next">{t('success.next.heading')}</h2>
        <ol className="wpw-next">
          <li>{t('success.next.confirmation')}</li>
          <li>{t('success.next.check', { hours: application.processingHours })}</li>
          <li>{t('success.next.decision')}</li>
          <li>
            {rich(t('success.next.documents'), {
              link: (text) => (
                <Link to={`/application/${encodeURIComponent(application.id)}/general-info`}>
                  {text}
                </Link>
              ),
            })}
          </li>
        </ol>
      </section>
      <div className="wp-actions">
        <Button variant="secondary" onClick={onNew}>
          {t('success.new')}
        </Button>
      </div>
    </div>
  );
}
