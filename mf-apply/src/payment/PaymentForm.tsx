import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  BillingDetails,
  formatEuros,
  PaymentText,
  type ConfirmPaymentResponse,
  type SandboxIntentResponse,
} from '@waypoint/contracts';
import { isApiError } from '@waypoint/platform';
import {
  Button,
  ErrorBox,
  ErrorSummary,
  Modal,
  Spinner,
  TextField,
  type FieldError,
} from '@waypoint/ui';
import { CardBrands, PaymentAssurance } from './CardBrands';
import {
  useAuthenticateSandboxPaymentMutation,
  useConfirmPaymentMutation,
  useConfirmSandboxPaymentMutation,
} from '../state';
import {
  checkSandboxCard,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  type CardInput,
} from './sandboxCard';
import type { CardConfirm, PaymentTarget } from './types';

const StripeCard = lazy(() => import('./StripeCard'));

/** The server's text, else the fallback (spec section 8). */
export function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.message.trim() !== '' ? error.message : fallback;
}

interface Billing {
  name: string;
  email: string;
  line1: string;
  city: string;
  postalCode: string;
}

/** Form order: the error summary lists problems as the fields appear. */
const FIELD_ORDER = [
  'billing-name',
  'billing-email',
  'billing-line1',
  'billing-city',
  'billing-postal-code',
  'card-number',
  'card-expiry',
  'card-cvc',
];

const BILLING_FIELD: Record<string, string> = {
  name: 'billing-name',
  email: 'billing-email',
  'address.line1': 'billing-line1',
  'address.city': 'billing-city',
  'address.postal_code': 'billing-postal-code',
};

export interface PaymentFormProps {
  payment: PaymentTarget;
  totalCents: number;
  defaultName?: string;
  defaultEmail?: string;
  /** The e-mail the order is confirmed for (traveller 1's). */
  confirmEmail?: string;
  onPaid: (response: ConfirmPaymentResponse) => void;
}

/** Billing details, the card and Pay (spec: checkout). */
export function PaymentForm({
  payment,
  totalCents,
  defaultName = '',
  defaultEmail = '',
  confirmEmail,
  onPaid,
}: PaymentFormProps) {
  const [billing, setBilling] = useState<Billing>({
    name: defaultName,
    email: defaultEmail,
    line1: '',
    city: '',
    postalCode: '',
  });
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  /** Counts failures, so the same message twice in a row still takes focus. */
  const [failureCount, setFailureCount] = useState(0);
  const [paying, setPaying] = useState(false);
  const [challenge, setChallenge] = useState(false);
  /** The card has been charged; only the order's confirmation is left to do. */
  const [charged, setCharged] = useState(false);
  const stripeConfirm = useRef<CardConfirm | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const [confirmSandbox] = useConfirmSandboxPaymentMutation();
  const [authenticateSandbox] = useAuthenticateSandboxPaymentMutation();
  const [confirmPayment] = useConfirmPaymentMutation();

  const sandbox = payment.provider === 'sandbox';
  const onStripeReady = useCallback((confirm: CardConfirm | null) => {
    stripeConfirm.current = confirm;
  }, []);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  // A failed payment is shown beside Pay, where the traveller is looking, and read out from there.
  useEffect(() => {
    const box = failureRef.current;
    if (failureCount === 0 || !box) return;
    // Centred, so the message and Pay below it are both in view.
    box.scrollIntoView?.({ block: 'center' });
    box.focus({ preventScroll: true });
  }, [failureCount]);

  const fail = (message: string) => {
    setFailure(message);
    setFailureCount((count) => count + 1);
  };

  const billingDetails: BillingDetails = {
    name: billing.name,
    email: billing.email,
    address: {
      line1: billing.line1,
      city: billing.city,
      postal_code: billing.postalCode,
      country: 'GB',
    },
  };

  const validate = (): BillingDetails | null => {
    const found: Record<string, string> = {};
    const parsed = BillingDetails.safeParse(billingDetails);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const id = BILLING_FIELD[issue.path.join('.')];
        if (id) found[id] ??= issue.message;
      }
    }
    if (sandbox) {
      const checked = checkSandboxCard(card);
      if (!checked.ok) {
        if (checked.errors.number) found['card-number'] = checked.errors.number;
        if (checked.errors.expiry) found['card-expiry'] = checked.errors.expiry;
        if (checked.errors.cvc) found['card-cvc'] = checked.errors.cvc;
      }
    }
    setErrors(found);
    setAttempt((count) => count + 1);
    return parsed.success && Object.keys(found).length === 0 ? parsed.data : null;
  };

  /** The card is paid: the server confirms the order, then the success page. */
  const finish = async () => {
    setCharged(true);
    try {
      const confirmed = await confirmPayment({
        paymentIntentId: payment.paymentIntentId,
        ...(confirmEmail ? { email: confirmEmail } : {}),
      }).unwrap();
      onPaid(confirmed);
    } catch (error) {
      fail(messageOf(error, PaymentText.paymentFailed));
      setPaying(false);
    }
  };

  /** What the sandbox answered: paid, a 3-D Secure check, or a decline. */
  const onIntent = async (intent: SandboxIntentResponse) => {
    if (intent.status === 'succeeded') {
      await finish();
      return;
    }
    if (intent.status === 'requires_action' && intent.nextAction?.type === 'three_d_secure') {
      setChallenge(true);
      return;
    }
    fail(
      intent.status === 'requires_payment_method' && intent.lastError
        ? intent.lastError
        : PaymentText.notCompleted(intent.status),
    );
    setPaying(false);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (paying) return;
    setFailure(null);
    if (charged) {
      setPaying(true);
      await finish();
      return;
    }
    const details = validate();
    if (!details) return;
    setPaying(true);
    try {
      if (sandbox) {
        const checked = checkSandboxCard(card);
        if (!checked.ok) {
          setPaying(false);
          return;
        }
        const intent = await confirmSandbox({
          paymentIntentId: payment.paymentIntentId,
          clientSecret: payment.clientSecret,
          paymentMethod: checked.paymentMethod,
          billingDetails: details,
        }).unwrap();
        await onIntent(intent);
        return;
      }
      const confirm = stripeConfirm.current;
      if (!confirm) {
        fail(PaymentText.cardElementNotFound);
        setPaying(false);
        return;
      }
      const result = await confirm(payment.clientSecret, details);
      if ('error' in result) {
        fail(result.error);
        setPaying(false);
      } else if (result.status !== 'succeeded') {
        fail(PaymentText.notCompleted(result.status));
        setPaying(false);
      } else {
        await finish();
      }
    } catch (error) {
      fail(messageOf(error, PaymentText.paymentFailed));
      setPaying(false);
    }
  };

  const onAuthenticate = async (outcome: 'complete' | 'fail') => {
    setChallenge(false);
    try {
      const intent = await authenticateSandbox({
        paymentIntentId: payment.paymentIntentId,
        clientSecret: payment.clientSecret,
        outcome,
      }).unwrap();
      await onIntent(intent);
    } catch (error) {
      fail(messageOf(error, PaymentText.paymentFailed));
      setPaying(false);
    }
  };

  const summary: FieldError[] = FIELD_ORDER.filter((id) => errors[id]).map((id) => ({
    fieldId: id,
    message: errors[id] ?? '',
  }));

  const billingField = (key: keyof Billing, id: string, label: string, autoComplete: string) => (
    <TextField
      id={id}
      label={label}
      autoComplete={autoComplete}
      type={key === 'email' ? 'email' : 'text'}
      value={billing[key]}
      required
      error={errors[id]}
      onChange={(event) => setBilling((state) => ({ ...state, [key]: event.target.value }))}
    />
  );

  return (
    <section className="wp-card wpw-payment" aria-labelledby="payment-title">
      <h2 id="payment-title" ref={headingRef} tabIndex={-1}>
        Payment
      </h2>
      <p className="wpw-total">
        Total to pay: <strong>{formatEuros(totalCents)}</strong>
      </p>
      <ErrorSummary errors={summary} focusKey={attempt} />
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset className="wpw-fieldset">
          <legend className="wpw-legend">Billing details</legend>
          {billingField('name', 'billing-name', 'Full name', 'name')}
          {billingField('email', 'billing-email', 'Email', 'email')}
          {billingField('line1', 'billing-line1', 'Address', 'address-line1')}
          {billingField('city', 'billing-city', 'City', 'address-level2')}
          {billingField('postalCode', 'billing-postal-code', 'Postal code', 'postal-code')}
          <TextField
            id="billing-country"
            label="Country"
            hint="Billing addresses are in the United Kingdom."
            value="United Kingdom (GB)"
            readOnly
          />
        </fieldset>
        <fieldset className="wpw-fieldset">
          <legend className="wpw-legend">Card details</legend>
          <CardBrands number={sandbox ? card.number : ''} />
          {sandbox ? (
            <>
              <p className="wp-hint">
                This is a test environment and no real money is taken. Use the test card 4242 4242
                4242 4242 with any future expiry date and any CVC.
              </p>
              <TextField
                id="card-number"
                label="Card number"
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="1234 1234 1234 1234"
                value={card.number}
                required
                error={errors['card-number']}
                onChange={(event) =>
                  setCard((state) => ({ ...state, number: formatCardNumber(event.target.value) }))
                }
              />
              <div className="wpw-card-row">
                <TextField
                  id="card-expiry"
                  label="Expiry date (MM / YY)"
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM / YY"
                  value={card.expiry}
                  required
                  error={errors['card-expiry']}
                  onChange={(event) => {
                    const next = event.target.value;
                    setCard((state) => ({ ...state, expiry: formatExpiry(next, state.expiry) }));
                  }}
                />
                <TextField
                  id="card-cvc"
                  label="CVC"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  placeholder="123"
                  value={card.cvc}
                  required
                  error={errors['card-cvc']}
                  onChange={(event) =>
                    setCard((state) => ({ ...state, cvc: formatCvc(event.target.value) }))
                  }
                />
              </div>
            </>
          ) : payment.publishableKey ? (
            <Suspense fallback={<Spinner label="Loading the card form…" showLabel />}>
              <StripeCard publishableKey={payment.publishableKey} onReady={onStripeReady} />
            </Suspense>
          ) : (
            <ErrorBox>{PaymentText.cardElementNotFound}</ErrorBox>
          )}
        </fieldset>
        {failure ? (
          <div
            ref={failureRef}
            id="payment-error"
            className="wp-error-box wpw-payment-error"
            role="alert"
            tabIndex={-1}
            aria-labelledby="payment-error-title"
          >
            <p className="wp-error-box__title" id="payment-error-title">
              {charged ? 'We could not confirm your order' : 'Your payment did not go through'}
            </p>
            <p>{failure}</p>
            <p className="wpw-payment-error__next">
              {charged
                ? 'Your card has been charged. Press Pay to finish your order; you will not be charged again.'
                : 'Check your card details or use another card, then press Pay again.'}
            </p>
          </div>
        ) : null}
        <Button type="submit" size="large" fullWidth busy={paying} busyLabel="Paying…">
          Pay {formatEuros(totalCents)}
        </Button>
        <PaymentAssurance />
      </form>
      <Modal
        open={challenge}
        onClose={() => void onAuthenticate('fail')}
        title="3D Secure authentication"
        closeLabel="Cancel authentication"
      >
        <p>
          Your card issuer asks you to confirm this payment of {formatEuros(totalCents)}. This check
          is made by your bank, not by Waypoint.
        </p>
        <p className="wp-hint">
          Test environment: choose Complete to approve the payment or Fail to refuse it.
        </p>
        <div className="wp-actions">
          <Button onClick={() => void onAuthenticate('complete')}>Complete</Button>
          <Button variant="secondary" onClick={() => void onAuthenticate('fail')}>
            Fail
          </Button>
        </div>
      </Modal>
    </section>
  );
}
