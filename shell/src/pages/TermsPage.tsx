import { Link } from '@waypoint/platform';

export function TermsPage() {
  return (
    <div className="wp-container">
      <title>Terms of service – Waypoint</title>
      <article className="wp-prose">
        <h1>Terms of service</h1>
        <p className="wp-lead">
          These terms explain what Waypoint does for you, what it costs and when you can get your
          money back.
        </p>

        <h2>Who we are</h2>
        <p>
          Waypoint is a private application service. We help travellers prepare and submit
          applications for a UK Electronic Travel Authorisation (ETA) or a UK Standard Visitor visa.
          We are not the UK government and we are not affiliated with UK Visas and Immigration or
          the Home Office. You can apply directly on GOV.UK and pay only the government fee; with
          Waypoint you pay for our checking, guidance and submission service.
        </p>

        <h2>What we do</h2>
        <ul>
          <li>
            We guide you through the questions the UK government asks and check your answers for
            mistakes.
          </li>
          <li>
            We check your documents and photos against the official requirements and ask you to fix
            problems.
          </li>
          <li>
            We submit your application to the UK government and keep you informed of its progress.
          </li>
        </ul>
        <p>
          The decision on every application is made by the UK government alone. We cannot influence
          or guarantee the outcome.
        </p>

        <h2>Fees</h2>
        <p>Every order has two parts, shown separately before you pay:</p>
        <ul>
          <li>
            <strong>The government fee</strong>, set by the UK government for each traveller. We
            pass it on at cost and pay it to the government when we submit your application.
          </li>
          <li>
            <strong>Our service fee</strong>, which depends on the processing option you choose.
          </li>
        </ul>
        <p>All prices are in euros and include every charge; there are no hidden fees.</p>

        <h2>Processing times</h2>
        <p>
          The processing option you choose sets how quickly <em>we</em> check and submit your
          application. Waypoint cannot buy a faster decision from the UK government: once submitted,
          your application is decided in the government&apos;s own time, which you can check on
          GOV.UK.
        </p>

        <h2 id="refunds">Refunds</h2>
        <ul>
          <li>
            Until we submit your application to the UK government, you can cancel at any time and we
            refund our service fee in full. The government fee has not been paid at that point, so
            it is refunded too.
          </li>
          <li>
            Once your application has been submitted, the government fee has been paid to the UK
            government and is not refundable, whatever the decision.
          </li>
        </ul>
        <p>
          To cancel or ask for a refund, write to support@waypoint.example with your order number.
        </p>

        <h2>Your responsibilities</h2>
        <p>
          You must give true and complete information. Giving false information to the UK government
          can lead to a refusal and a ban from entering the United Kingdom. Check that your passport
          is valid for your whole stay.
        </p>

        <h2>Your data</h2>
        <p>
          How we use and protect your personal data is described in our{' '}
          <Link to="/privacy">privacy notice</Link>.
        </p>

        <h2>Law</h2>
        <p>
          These terms are governed by the law of England and Wales. Nothing in them affects your
          statutory rights as a consumer.
        </p>
      </article>
    </div>
  );
}
