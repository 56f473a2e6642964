import { useState } from 'react';
import { isAccountDeletedState } from '@waypoint/contracts';
import { Link, useCountries, useLocation } from '@waypoint/platform';
import {
  Banner,
  Button,
  ErrorBox,
  buttonClassName,
  countryName,
  useLocale,
  useT,
} from '@waypoint/ui';
import { shellMessages } from '../i18n/catalog';
import { BadgeCheck, Compass, Icon, LockKeyhole, MessageCircle, Star } from '@waypoint/ui/icons';
import { StartApplication, TRIP_DETAILS_PATH } from './StartApplication';

const TILES = [
  { icon: Compass, id: 'effortless' },
  { icon: BadgeCheck, id: 'approval' },
  { icon: LockKeyhole, id: 'secure' },
  { icon: MessageCircle, id: 'support' },
] as const;

const STEPS = ['apply', 'rest', 'enjoy'] as const;

/** Sample reviews: the reviewer's name and country (an ISO code, named in the page's language). */
const REVIEWS = [
  { name: 'Lucía', country: 'ES', id: 'lucia' },
  { name: 'Daniel', country: 'US', id: 'daniel' },
  { name: 'Aiko', country: 'JP', id: 'aiko' },
  { name: 'Marco', country: 'IT', id: 'marco' },
  { name: 'Sarah', country: 'CA', id: 'sarah' },
] as const;

/** The confirmation shown once, when the account area lands here after deleting the account. */
function AccountDeletedBanner() {
  const t = useT(shellMessages);
  const location = useLocation();
  const [shown, setShown] = useState(() => isAccountDeletedState(location.state));
  if (!shown) return null;
  return (
    <div className="wp-container wp-home-notice" role="status">
      <Banner
        tone="success"
        title={t('home.accountDeleted.title')}
        onDismiss={() => setShown(false)}
        dismissLabel={t('home.accountDeleted.dismiss')}
      >
        <p>{t('home.accountDeleted.text')}</p>
      </Banner>
    </div>
  );
}

export function HomePage() {
  const { countries, isLoading, error, retry } = useCountries();
  const t = useT(shellMessages);
  const locale = useLocale();
  const loadFailed = error ? (
    <ErrorBox title={t('home.countriesFailed')}>
      <p>{error.message || t('home.tryAgainLater')}</p>
      <Button variant="secondary" size="small" onClick={retry}>
        {t('home.tryAgain')}
      </Button>
    </ErrorBox>
  ) : null;

  return (
    <>
      <title>{t('home.title')}</title>
      <AccountDeletedBanner />
      <section className="wp-hero" aria-labelledby="hero-title">
        <div className="wp-container wp-hero__inner">
          <div>
            <span className="wp-hero__kicker">{t('home.kicker')}</span>
            <h1 id="hero-title">{t('home.heading')}</h1>
            <p className="wp-lead">{t('home.lead')}</p>
            <p className="wp-disclaimer">{t('home.pricesNote')}</p>
          </div>
          <div className="wp-card wp-start-card">
            <h2>{t('home.startHeading')}</h2>
            {loadFailed}
            <StartApplication countries={countries} loading={isLoading} idPrefix="hero" />
          </div>
        </div>
      </section>

      <section className="wp-section" aria-labelledby="why-title">
        <div className="wp-container">
          <div className="wp-section__intro">
            <h2 id="why-title">{t('home.why.heading')}</h2>
            <p className="wp-lead">{t('home.why.lead')}</p>
          </div>
          <ul className="wp-tiles">
            {TILES.map((tile) => (
              <li key={tile.id} className="wp-card wp-tile">
                <span className="wp-tile__icon">
                  <Icon icon={tile.icon} size={24} />
                </span>
                <h3>{t(`home.why.${tile.id}.title`)}</h3>
                <p>{t(`home.why.${tile.id}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="wp-section wp-section--alt" aria-labelledby="process-title">
        <div className="wp-container">
          <div className="wp-section__intro">
            <h2 id="process-title">{t('home.how.heading')}</h2>
            <p className="wp-lead">{t('home.how.lead')}</p>
          </div>
          <ol className="wp-steps">
            {STEPS.map((step, index) => (
              <li key={step} className="wp-card">
                <span className="wp-steps__number" aria-hidden="true">
                  {(index + 1).toLocaleString(locale)}
                </span>
                <h3>
                  <span className="wp-visually-hidden">
                    {t('home.how.step', { number: index + 1 })}
                  </span>
                  {t(`home.how.${step}.title`)}
                </h3>
                <p>{t(`home.how.${step}.text`)}</p>
              </li>
            ))}
          </ol>
          <Link to={TRIP_DETAILS_PATH} className={buttonClassName('primary', 'large')}>
            {t('home.applyNow')}
          </Link>
        </div>
      </section>

      <section className="wp-section" aria-labelledby="reviews-title">
        <div className="wp-container">
          <div className="wp-section__intro">
            <h2 id="reviews-title">{t('home.reviews.heading')}</h2>
            <p className="wp-disclaimer">{t('home.reviews.disclaimer')}</p>
          </div>
          <ul className="wp-reviews">
            {REVIEWS.map((review) => (
              <li key={review.id}>
                <figure className="wp-card wp-review">
                  <div className="wp-review__stars" role="img" aria-label={t('home.reviews.stars')}>
                    {[1, 2, 3, 4, 5].map((n) => (
                      <Icon key={n} icon={Star} size={18} />
                    ))}
                  </div>
                  <blockquote>
                    <p>{t(`home.reviews.${review.id}`)}</p>
                  </blockquote>
                  <figcaption>
                    <strong translate="no">{review.name}</strong>,{' '}
                    {countryName(review.country, locale)}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="wp-section wp-section--alt" aria-labelledby="cta-title">
        <div className="wp-container wp-cta">
          <div>
            <h2 id="cta-title">{t('home.cta.heading')}</h2>
            <p className="wp-lead">{t('home.cta.lead')}</p>
          </div>
          <div className="wp-card">
            <StartApplication countries={countries} loading={isLoading} idPrefix="cta" />
          </div>
        </div>
      </section>
    </>
  );
}
