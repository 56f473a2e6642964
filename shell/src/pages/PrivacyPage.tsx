export function PrivacyPage() {
  return (
    <div className="wp-container">
      <title>Privacy notice – Waypoint</title>
      <article className="wp-prose">
        <h1>Privacy notice</h1>
        <p className="wp-lead">
          What personal data Waypoint keeps, why, for how long, and the rights you have over it.
        </p>

        <h2>Who is responsible for your data</h2>
        <p>
          Waypoint, a private application service that is not part of the UK government, is the
          controller of the personal data you give us. You can reach us about your data at{' '}
          <a href="mailto:privacy@waypoint.example">privacy@waypoint.example</a>.
        </p>

        <h2>What we keep</h2>
        <ul>
          <li>
            <strong>Identity details</strong> of every traveller: name, date of birth, nationality,
            place of birth, gender and address.
          </li>
          <li>
            <strong>Passport details</strong>: passport number, issuing country and expiry date.
            Passport numbers are encrypted when stored.
          </li>
          <li>
            <strong>Photos and documents</strong>: the photo of your passport page and your
            applicant photo.
          </li>
          <li>
            <strong>Contact details</strong>: e-mail address, phone number and how you prefer to be
            contacted.
          </li>
          <li>
            <strong>Payment reference</strong>: the amount, the date and the reference of your
            payment from our card payment provider. We never receive or store your full card number.
          </li>
          <li>
            <strong>Answers to the application questions</strong>, such as your work and the
            declaration questions.
          </li>
        </ul>

        <h2>Why we use it</h2>
        <ul>
          <li>
            To prepare, check and submit your application to the UK government, and to tell you
            about its progress. This is necessary to perform our contract with you.
          </li>
          <li>To take payment and keep accounting records, as the law requires.</li>
          <li>To protect your account and our service against fraud and misuse.</li>
        </ul>
        <p>
          We share your application data only with the UK government (to submit your application),
          our payment provider (to take payment) and the companies that host our service under
          contract with us. We do not sell your data or use it for advertising.
        </p>

        <h2>How long we keep it</h2>
        <ul>
          <li>
            Passport page images, photos and other documents are deleted 90 days after the decision
            on your application.
          </li>
          <li>Order and payment records are kept for 6 years, for accounting and tax purposes.</li>
          <li>Your account stays until you ask us to close it.</li>
        </ul>

        <h2>Your rights under UK GDPR</h2>
        <p>You have the right to:</p>
        <ul>
          <li>get a copy of the personal data we hold about you;</li>
          <li>have inaccurate data corrected;</li>
          <li>
            have your data deleted when we no longer need it or no longer have a legal reason to
            keep it;
          </li>
          <li>restrict or object to how we use your data;</li>
          <li>receive the data you gave us in a portable format.</li>
        </ul>
        <p>
          To use any of these rights, write to{' '}
          <a href="mailto:privacy@waypoint.example">privacy@waypoint.example</a>. We answer within
          one month. If you are unhappy with how we handle your data, you can complain to the
          Information Commissioner&apos;s Office (ICO) at ico.org.uk.
        </p>

        <h2>Cookies and storage on your device</h2>
        <p>
          We use one essential cookie to keep you signed in. Your browser also remembers the country
          you chose and your name and e-mail address while you are signed in, so pages load with
          them. We do not use advertising or tracking cookies.
        </p>
      </article>
    </div>
  );
}
