import { Link, useCountries } from '@waypoint/platform';
import { Button, ErrorBox, buttonClassName } from '@waypoint/ui';
import { BadgeCheck, Compass, Icon, LockKeyhole, MessageCircle, Star } from '@waypoint/ui/icons';
import { StartApplication, TRIP_DETAILS_PATH } from './StartApplication';

const TILES = [
  {
    icon: Compass,
    title: 'Effortless process',
    text: 'Answer clear questions in plain English. We tell you exactly what the UK asks for, and nothing more.',
  },
  {
    icon: BadgeCheck,
    title: '99% approval rate',
    text: 'We check every answer and document against the official requirements before we submit, so avoidable mistakes do not lead to a refusal. The decision itself is always made by the UK government.',
  },
  {
    icon: LockKeyhole,
    title: 'Secure',
    text: 'Your passport details are encrypted, card payments are handled by our payment provider, and we never see or store your full card number.',
  },
  {
    icon: MessageCircle,
    title: '24/7 support',
    text: 'Questions at any hour? Our support team answers by e-mail around the clock, every day of the year.',
  },
];

const STEPS = [
  {
    title: 'Apply',
    text: 'Fill in your trip, traveller and passport details online, then pay by card.',
  },
  {
    title: 'Leave the rest to us',
    text: 'We check your answers and documents, ask you if anything is missing, and submit your application to the UK government.',
  },
  {
    title: 'Enjoy your visit',
    text: 'Your ETA or visa decision arrives by e-mail. It is linked to your passport, so you simply travel.',
  },
];

const REVIEWS = [
  {
    name: 'Lucía',
    from: 'Spain',
    text: 'I was worried about getting something wrong. The questions were clear and my ETA came through before my trip to London.',
  },
  {
    name: 'Daniel',
    from: 'United States',
    text: 'Applied for the whole family in one go. Being able to add every traveller to one order saved us a lot of time.',
  },
  {
    name: 'Aiko',
    from: 'Japan',
    text: 'Support answered my question about my passport expiry late at night. Very reassuring.',
  },
  {
    name: 'Marco',
    from: 'Italy',
    text: 'They spotted a typo in my passport number before submitting. Simple process from start to finish.',
  },
  {
    name: 'Sarah',
    from: 'Canada',
    text: 'Transparent pricing: the government fee and the service fee were shown separately before I paid.',
  },
];

export function HomePage() {
  const { countries, isLoading, error, retry } = useCountries();
  const loadFailed = error ? (
    <ErrorBox title="The list of countries could not be loaded.">
      <p>{error.message || 'Please try again.'}</p>
      <Button variant="secondary" size="small" onClick={retry}>
        Try again
      </Button>
    </ErrorBox>
  ) : null;

  return (
    <>
      <title>Waypoint – apply online for a UK ETA or UK visitor visa</title>
      <section className="wp-hero" aria-labelledby="hero-title">
        <div className="wp-container wp-hero__inner">
          <div>
            <span className="wp-hero__kicker">UK ETA and visitor visa applications</span>
            <h1 id="hero-title">Apply for your UK travel permission online, fast</h1>
            <p className="wp-lead">
              Tell us your nationality and we will show you whether you need an ETA or a visitor
              visa, then guide you through a fast-track application checked by our team before it
              goes to the UK government.
            </p>
            <p className="wp-disclaimer">
              Prices show the government fee and our service fee separately.
            </p>
          </div>
          <div className="wp-card wp-start-card">
            <h2>Start your application</h2>
            {loadFailed}
            <StartApplication countries={countries} loading={isLoading} idPrefix="hero" />
          </div>
        </div>
      </section>

      <section className="wp-section" aria-labelledby="why-title">
        <div className="wp-container">
          <div className="wp-section__intro">
            <h2 id="why-title">Why choose Waypoint</h2>
            <p className="wp-lead">
              A careful, human-checked application without the paperwork stress.
            </p>
          </div>
          <ul className="wp-tiles">
            {TILES.map((tile) => (
              <li key={tile.title} className="wp-card wp-tile">
                <span className="wp-tile__icon">
                  <Icon icon={tile.icon} size={24} />
                </span>
                <h3>{tile.title}</h3>
                <p>{tile.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="wp-section wp-section--alt" aria-labelledby="process-title">
        <div className="wp-container">
          <div className="wp-section__intro">
            <h2 id="process-title">How it works</h2>
            <p className="wp-lead">Three steps between you and your trip to the United Kingdom.</p>
          </div>
          <ol className="wp-steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="wp-card">
                <span className="wp-steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>
                  <span className="wp-visually-hidden">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <Link to={TRIP_DETAILS_PATH} className={buttonClassName('primary', 'large')}>
            Apply Now
          </Link>
        </div>
      </section>

      <section className="wp-section" aria-labelledby="reviews-title">
        <div className="wp-container">
          <div className="wp-section__intro">
            <h2 id="reviews-title">What travellers say</h2>
            <p className="wp-disclaimer">
              Sample reviews describing a typical application; not verified customer reviews.
            </p>
          </div>
          <ul className="wp-reviews">
            {REVIEWS.map((review) => (
              <li key={review.name}>
                <figure className="wp-card wp-review">
                  <div className="wp-review__stars" role="img" aria-label="5 out of 5 stars">
                    {[1, 2, 3, 4, 5].map((n) => (
                      <Icon key={n} icon={Star} size={18} />
                    ))}
                  </div>
                  <blockquote>
                    <p>{review.text}</p>
                  </blockquote>
                  <figcaption>
                    <strong>{review.name}</strong>, {review.from}
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
            <h2 id="cta-title">Ready to plan your UK trip?</h2>
            <p className="wp-lead">
              Choose your nationality to see what you need and start your application.
            </p>
          </div>
          <div className="wp-card">
            <StartApplication countries={countries} loading={isLoading} idPrefix="cta" />
          </div>
        </div>
      </section>
    </>
  );
}
