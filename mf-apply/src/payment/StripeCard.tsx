import { useEffect, useMemo } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { PaymentText } from '@waypoint/contracts';
import { useLocale, useT } from '@waypoint/ui';
import { applyMessages } from '../i18n/catalog';
import type { CardConfirm } from './types';

const loaded = new Map<string, ReturnType<typeof loadStripe>>();

/** Stripe.js is fetched once per key, and only when the Stripe provider is in use. */
function stripeFor(publishableKey: string) {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

interface StripeCardProps {
  publishableKey: string;
  /** Receives the function that confirms the payment with the card entered (null until Stripe is ready). */
  onReady: (confirm: CardConfirm | null) => void;
}

function CardField({ onReady }: Pick<StripeCardProps, 'onReady'>) {
  const stripe = useStripe();
  const elements = useElements();
  const t = useT(applyMessages);

  useEffect(() => {
    if (!stripe || !elements) {
      onReady(null);
      return;
    }
    onReady(async (clientSecret, billingDetails) => {
      const card = elements.getElement(CardElement);
      if (!card) return { error: PaymentText.cardElementNotFound };
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: billingDetails },
      });
      if (result.error) return { error: result.error.message || PaymentText.paymentFailed };
      return { status: result.paymentIntent.status };
    });
  }, [stripe, elements, onReady]);

  return (
    <div className="wp-field" role="group" aria-labelledby="stripe-card-label">
      <p className="wp-label" id="stripe-card-label">
        {t('payment.card')}
      </p>
      <div className="wpw-card-element">
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }} />
      </div>
    </div>
  );
}

/** The card field of Stripe Elements, in a chunk of its own. */
export default function StripeCard({ publishableKey, onReady }: StripeCardProps) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  // The card field's own words (placeholders, its error messages) in the page's language.
  const locale = useLocale();
  return (
    <Elements stripe={stripe} options={{ locale }} key={locale}>
      <CardField onReady={onReady} />
    </Elements>
  );
}
