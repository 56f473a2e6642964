import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import {
  BillingDetails,
  COUNTRY_IDS,
  isListedCountry,
  PaymentText,
  postalCodeRule,
  type BillingDetailsInput,
  type ConfirmPaymentResponse,
  type PostalCodeLabel,
  type SandboxIntentResponse,
  type SandboxPaymentMethod,
} from '@waypoint/contracts';
import { fieldErrorsFromIssues, fieldPath, isApiError, useFormErrors } from '@waypoint/platform';
import { useGetCountriesQuery } from '@waypoint/platform/api';
import { useApiText } from '@waypoint/platform/i18n';
import {
  Button,
  CountryPicker,
  countryName,
  ErrorBox,
  ErrorSummary,
  Modal,
  rich,
  Spinner,
  TextField,
  useLocale,
  useT,
} from '@waypoint/ui';
import { applyMessages } from '../i18n/catalog';
import { useMoney } from '../wizard/text';
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
  type CardField,
  type CardInput,
} from './sandboxCard';
import { initialPaymentState, isBusy, isCharged, paymentReducer } from './paymentMachine';
import type { CardConfirm, PaymentTarget } from './types';

const StripeCard = lazy(() => import('./StripeCard'));

/** The server's text, else the fallback (spec section 8). */
export function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) && error.message.trim() !== '' ? error.message : fallback;
}

interface Billing {
  name: string;
  email: string;
  country: string;
  line1: string;
  city: string;
  postalCode: string;
}

/** The control of each field of the billing details, by its path in the contract's `BillingDetails`. */
const BILLING_CONTROL: Readonly<Record<string, string>> = {
  name: 'billing-name',
  email: 'billing-email',
  'address.country': 'billing-country',
  'address.line1': 'billing-line1',
  'address.city': 'billing-city',
  'address.postal_code': 'billing-postal-code',
};

const CARD_CONTROL: Record<CardField, string> = {
  number: 'card-number',
  expiry: 'card-expiry',
  cvc: 'card-cvc',
};

/** The form's controls in form order: the error summary lists problems as the fields appear. */
const CONTROLS = Object.fromEntries(
  [...Object.values(BILLING_CONTROL), ...Object.values(CARD_CONTROL)].map((id) => [id, id]),
);

const billingControl = (path: readonly PropertyKey[]) => BILLING_CONTROL[fieldPath(path)] ?? '';

/** The postal code field's label, by what the billing country calls its postal codes. */
const POSTAL_CODE_LABEL = {
  postalCode: 'payment.postalCode',
  postcode: 'payment.postcode',
  zipCode: 'payment.zipCode',
  eircode: 'payment.eircode',
} as const satisfies Record<PostalCodeLabel, string>;

/**
 * Every country the billing address may be in: the reference list of countries once loaded, else every listed
 * country by its name in the page's language.
 */
function useBillingCountries() {
  const countries = useGetCountriesQuery();
  const locale = useLocale();
  const list = useMemo(
    () =>
      countries.data && countries.data.length > 0
        ? countries.data
        : COUNTRY_IDS.map((id) => ({ id, name: countryName(id, locale) })),
    [countries.data, locale],
  );
  return { list, loading: countries.isLoading };
}

export interface PaymentFormProps {
  payment: PaymentTarget;
  totalCents: number;
  defaultName?: string;
  defaultEmail?: string;
  /** The billing country to start on (ISO 3166-1 alpha-2): the lead traveller's nationality. */
  defaultCountry?: string | null;
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
  defaultCountry,
  confirmEmail,
  onPaid,
}: PaymentFormProps) {
  const [billing, setBilling] = useState<Billing>(() => {
    const country = defaultCountry?.trim().toUpperCase() ?? '';
    return {
      name: defaultName,
      email: defaultEmail,
      country: isListedCountry(country) ? country : '',
      line1: '',
      city: '',
      postalCode: '',
    };
  });
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const { errors, summary, attempt, showErrors } = useFormErrors(CONTROLS);
  const [state, dispatch] = useReducer(paymentReducer, initialPaymentState);
  const paying = isBusy(state);
  /** The card has been charged; only the order's confirmation is left to do. */
  const charged = isCharged(state);
  const failure = state.status === 'failed' ? state : null;
  const stripeConfirm = useRef<CardConfirm | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const t = useT(applyMessages);
  const apiText = useApiText();
  const countries = useBillingCountries();
  const money = useMoney();
  const total = money.euros(totalCents);

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

  // A failed payment is shown beside Pay, where the traveller is looking, and read out from there (each failure
  // is a new state, so the same message twice in a row still takes focus).
  useEffect(() => {
    const box = failureRef.current;
    if (!failure || !box) return;
    // Centred, so the message and Pay below it are both in view.
    box.scrollIntoView?.({ block: 'center' });
    box.focus({ preventScroll: true });
  }, [failure]);

  const fail = (message: string) => dispatch({ type: 'fail', message });

  const postal = postalCodeRule(billing.country);
  const billingDetails: BillingDetailsInput = {
    name: billing.name,
    email: billing.email,
    address: {
      line1: billing.line1,
      city: billing.city,
      // A country without postal codes is sent none, whatever was typed before it was chosen.
      ...(postal.requirement === 'none' ? {} : { postal_code: billing.postalCode }),
      country: billing.country,
    },
  };

  /**
   * Checks the billing details (the contract's schema) and, in the sandbox, the test card; shows the problems at
   * their fields and in the summary. Gives what the payment needs when there are none: the details, and in the
   * sandbox the test card's payment method.
   */
  const validate = (): {
    details: BillingDetails;
    paymentMethod: SandboxPaymentMethod | null;
  } | null => {
    const parsed = BillingDetails.safeParse(billingDetails);
    const found = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues, billingControl);
    const checked = sandbox ? checkSandboxCard(card) : null;
    if (checked && !checked.ok) {
      for (const [field, message] of Object.entries(checked.errors)) {
        found[CARD_CONTROL[field as CardField]] = message;
      }
    }
    showErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return null;
    return { details: parsed.data, paymentMethod: checked?.ok ? checked.paymentMethod : null };
  };

  /** The card is paid: the server confirms the order, then the success page. */
  const finish = async () => {
    try {
      const confirmed = await confirmPayment({
        paymentIntentId: payment.paymentIntentId,
        ...(confirmEmail ? { email: confirmEmail } : {}),
      }).unwrap();
      dispatch({ type: 'paid' });
      onPaid(confirmed);
    } catch (error) {
      fail(messageOf(error, PaymentText.paymentFailed));
    }
  };

  const charge = async () => {
    dispatch({ type: 'charged' });
    await finish();
  };

  /** What the sandbox answered: paid, a 3-D Secure check, or a decline. */
  const onIntent = async (intent: SandboxIntentResponse) => {
    if (intent.status === 'succeeded') {
      await charge();
      return;
    }
    if (intent.status === 'requires_action' && intent.nextAction?.type === 'three_d_secure') {
      dispatch({ type: 'challenge' });
      return;
    }
    fail(
      intent.status === 'requires_payment_method' && intent.lastError
        ? intent.lastError
        : PaymentText.notCompleted(intent.status),
    );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (paying) return;
    if (charged) {
      dispatch({ type: 'confirm' });
      await finish();
      return;
    }
    const valid = validate();
    if (!valid) {
      dispatch({ type: 'invalid' });
      return;
    }
    dispatch({ type: 'submit' });
    try {
      if (valid.paymentMethod) {
        const intent = await confirmSandbox({
          paymentIntentId: payment.paymentIntentId,
          clientSecret: payment.clientSecret,
          paymentMethod: valid.paymentMethod,
          billingDetails: valid.details,
        }).unwrap();
        await onIntent(intent);
        return;
      }
      const confirm = stripeConfirm.current;
      if (!confirm) {
        fail(PaymentText.cardElementNotFound);
        return;
      }
      const result = await confirm(payment.clientSecret, valid.details);
      if ('error' in result) fail(result.error);
      else if (result.status !== 'succeeded') fail(PaymentText.notCompleted(result.status));
      else await charge();
    } catch (error) {
      fail(messageOf(error, PaymentText.paymentFailed));
    }
  };

  const onAuthenticate = async (outcome: 'complete' | 'fail') => {
    if (state.status !== 'requires_action') return;
    dispatch({ type: 'authenticate' });
    try {
      const intent = await authenticateSandbox({
        paymentIntentId: payment.paymentIntentId,
        clientSecret: payment.clientSecret,
        outcome,
      }).unwrap();
      await onIntent(intent);
    } catch (error) {
      fail(messageOf(error, PaymentText.paymentFailed));
    }
  };

  const billingField = (
    key: Exclude<keyof Billing, 'country'>,
    id: string,
    label: string,
    autoComplete: string,
    optional?: { hint: string },
  ) => (
    <TextField
      id={id}
      label={label}
      autoComplete={autoComplete}
      type={key === 'email' ? 'email' : 'text'}
      dir={key === 'email' ? 'ltr' : undefined}
      value={billing[key]}
      required={!optional}
      hint={optional?.hint}
      error={errors[id]}
      onChange={(event) => setBilling((state) => ({ ...state, [key]: event.target.value }))}
    />
  );

  return (
    <section className="wp-card wpw-payment" aria-labelledby="payment-title">
      <h2 id="payment-title" ref={headingRef} tabIndex={-1}>
        {t('payment.heading')}
      </h2>
      <p className="wpw-total">
        {rich(t('payment.total', { amount: total }), {
          strong: (text) => <strong>{text}</strong>,
        })}
      </p>
      <ErrorSummary errors={summary} focusKey={attempt} />
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <fieldset className="wpw-fieldset">
          <legend className="wpw-legend">{t('payment.billing')}</legend>
          {billingField('name', 'billing-name', t('payment.fullName'), 'name')}
          {billingField('email', 'billing-email', t('common.email'), 'email')}
          <CountryPicker
            id="billing-country"
            label={t('payment.country')}
            hint={t('payment.country.hint')}
            autoComplete="country"
            countries={countries.list}
            loading={countries.loading}
            value={billing.country || null}
            onChange={(country) => setBilling((state) => ({ ...state, country }))}
            required
            error={errors['billing-country']}
          />
          {billingField('line1', 'billing-line1', t('payment.address'), 'address-line1')}
          {billingField('city', 'billing-city', t('payment.city'), 'address-level2')}
          {postal.requirement === 'none'
            ? null
            : billingField(
                'postalCode',
                'billing-postal-code',
                t(POSTAL_CODE_LABEL[postal.label]),
                'postal-code',
                postal.requirement === 'optional'
                  ? { hint: t('payment.postalCode.optionalHint') }
                  : undefined,
              )}
        </fieldset>
        <fieldset className="wpw-fieldset">
          <legend className="wpw-legend">{t('payment.card')}</legend>
          <CardBrands number={sandbox ? card.number : ''} />
          {sandbox ? (
            <>
              <p className="wp-hint">{t('payment.sandboxHint')}</p>
              <TextField
                id="card-number"
                label={t('payment.cardNumber')}
                inputMode="numeric"
                dir="ltr"
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
                  label={t('payment.expiry')}
                  inputMode="numeric"
                  dir="ltr"
                  autoComplete="cc-exp"
                  placeholder={t('payment.expiry.placeholder')}
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
                  label={t('payment.cvc')}
                  inputMode="numeric"
                  dir="ltr"
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
            <Suspense fallback={<Spinner label={t('payment.loadingCard')} showLabel />}>
              <StripeCard publishableKey={payment.publishableKey} onReady={onStripeReady} />
            </Suspense>
          ) : (
            <ErrorBox>{apiText(PaymentText.cardElementNotFound)}</ErrorBox>
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
              {charged ? t('payment.unconfirmed.title') : t('payment.failed.title')}
            </p>
            <p>{apiText(failure.message)}</p>
            <p className="wpw-payment-error__next">
              {charged ? t('payment.unconfirmed.next') : t('payment.failed.next')}
            </p>
          </div>
        ) : null}
        <Button type="submit" size="large" fullWidth busy={paying} busyLabel={t('payment.paying')}>
          {t('payment.pay', { amount: total })}
        </Button>
        <PaymentAssurance />
      </form>
      <Modal
        open={state.status === 'requires_action'}
        onClose={() => void onAuthenticate('fail')}
        title={t('payment.3ds.title')}
        closeLabel={t('payment.3ds.cancel')}
      >
        <p>{t('payment.3ds.text', { amount: total })}</p>
        <p className="wp-hint">{t('payment.3ds.hint')}</p>
        <div className="wp-actions">
          <Button onClick={() => void onAuthenticate('complete')}>
            {t('payment.3ds.complete')}
          </Button>
          <Button variant="secondary" onClick={() => void onAuthenticate('fail')}>
            {t('payment.3ds.fail')}
          </Button>
        </div>
      </Modal>
    </section>
  );
}
