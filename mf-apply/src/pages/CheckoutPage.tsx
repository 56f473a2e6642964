import { useState } from 'react';
import {
  expectedDelivery,
  type ConfirmPaymentResponse,
  type CreatePaymentIntentBody,
  type CreatePaymentIntentResponse,
  type TravelerInput,
} from '@waypoint/contracts';
import {
  Link,
  RequireAuth,
  setAuthenticated,
  setUser,
  toAuthUser,
  useAppDispatch,
  useAppSelector,
  useNavigate,
  useSearchParams,
} from '@waypoint/platform';
import { Button, ErrorBox, PageSpinner, Spinner } from '@waypoint/ui';
import { OrderCost, priceOf } from '../components/OrderCost';
import { messageOf, PaymentForm } from '../payment/PaymentForm';
import {
  reachStep,
  selectCheckoutKey,
  setCheckoutKey,
  setConfirmation,
  useCreatePaymentIntentMutation,
  useGetCheckoutOrderQuery,
} from '../state';
import { draftOf, formatDate, travelerName, useOrderContext, useSaveDraft } from '../wizard/order';
import { WizardStepPage } from '../wizard/WizardLayout';
import { SUCCESS_PATH } from '../wizard/steps';

const CHECKOUT_FAILED = 'Failed to submit application';

/** A random key of 32 hex characters. */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID().replace(/-/g, '');
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** After a paid order: the new account signs this browser in, and the success page shows the order. */
function usePaid() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (response: ConfirmPaymentResponse) => {
    const user = response.user ? toAuthUser(response.user) : null;
    if (user) {
      dispatch(setUser(user));
      dispatch(setAuthenticated(true));
    }
    dispatch(
      setConfirmation({
        application: response.application,
        signInLinkSent: response.signInLinkSent,
      }),
    );
    navigate(SUCCESS_PATH);
  };
}

function TravelerList({
  travelers,
}: {
  travelers: Array<Pick<TravelerInput, 'firstName' | 'lastName'> & Partial<TravelerInput>>;
}) {
  return (
    <section className="wp-card" aria-labelledby="travelers-title">
      <h2 id="travelers-title">Travelers</h2>
      <ol className="wpw-travelers">
        {travelers.map((traveler, index) => (
          <li key={index}>
            <strong>{travelerName(traveler) || `Traveler ${index + 1}`}</strong>
            {traveler.dateOfBirth ? (
              <span className="wpw-muted">Date of birth: {formatDate(traveler.dateOfBirth)}</span>
            ) : null}
            {traveler.email ? <span className="wpw-muted">{traveler.email}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

interface Failure {
  message: string;
  details: string[];
}

function failureOf(error: unknown): Failure {
  const details =
    error && typeof error === 'object' && 'fieldErrors' in error
      ? Object.values((error as { fieldErrors?: Record<string, string> }).fieldErrors ?? {})
      : [];
  return { message: messageOf(error, CHECKOUT_FAILED), details };
}

function NewCheckout() {
  const dispatch = useAppDispatch();
  const saveDraft = useSaveDraft();
  const onPaid = usePaid();
  const { apply, countries, country, countryId, visaType, visaTypes, options, option } =
    useOrderContext();
  const checkoutKey = useAppSelector(selectCheckoutKey);
  const [createIntent, creating] = useCreatePaymentIntentMutation();
  const [order, setOrder] = useState<CreatePaymentIntentResponse | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  if (countries.isLoading || visaTypes.isLoading || options.isLoading)
    return <Spinner label="Loading your order…" showLabel />;

  const travelers = apply.travelers;
  const arrivalDate = apply.hasPlannedDates && apply.arrivalDate ? apply.arrivalDate : null;

  const onProceed = async () => {
    if (creating.isLoading) return;
    setFailure(null);
    const content: Omit<CreatePaymentIntentBody, 'idempotencyKey'> = {
      countryId,
      visaTypeId: visaType?.id ?? null,
      arrivalDate,
      hasPlannedDates: apply.hasPlannedDates,
      processingOptionId: option?.id ?? null,
      travelers: travelers.map((traveler, index) => ({
        firstName: traveler.firstName,
        lastName: traveler.lastName,
        dateOfBirth: traveler.dateOfBirth,
        ...(index === 0 ? { email: traveler.email ?? '' } : {}),
        ...(traveler.passport ? { passport: traveler.passport } : {}),
      })),
    };
    // One key per order content: a double click or a retry reuses the order already made.
    const fingerprint = JSON.stringify(content);
    const key =
      checkoutKey && checkoutKey.fingerprint === fingerprint
        ? checkoutKey.key
        : newIdempotencyKey();
    if (key !== checkoutKey?.key) dispatch(setCheckoutKey({ key, fingerprint }));
    saveDraft(
      draftOf(
        apply,
        { countryId, visaTypeId: visaType?.id ?? null, optionId: option?.id ?? null },
        5,
      ),
    );
    dispatch(reachStep(5));
    try {
      setOrder(await createIntent({ ...content, idempotencyKey: key }).unwrap());
    } catch (error) {
      setFailure(failureOf(error));
    }
  };

  return (
    <>
      {option ? (
        <p className="wpw-delivery">
          Expected delivery: <strong>{expectedDelivery(option.hours)}</strong>
        </p>
      ) : null}
      <div className="wp-two-columns">
        <div className="wp-stack">
          <section className="wp-card" aria-labelledby="order-title">
            <h2 id="order-title">Your order</h2>
            <dl className="wpw-order">
              <div>
                <dt>Nationality</dt>
                <dd>
                  {country ? (
                    <>
                      <span aria-hidden="true">{country.flagEmoji} </span>
                      {country.name}
                    </>
                  ) : (
                    '–'
                  )}
                </dd>
              </div>
              <div>
                <dt>Visa type</dt>
                <dd>{visaType?.name ?? '–'}</dd>
              </div>
              <div>
                <dt>Arrival date</dt>
                <dd>{arrivalDate ? formatDate(arrivalDate) : 'No dates planned'}</dd>
              </div>
              <div>
                <dt>Processing option</dt>
                <dd>{option ? `${option.name} - ${option.description}` : '–'}</dd>
              </div>
            </dl>
          </section>
          <TravelerList travelers={travelers} />
        </div>
        <div className="wp-stack">
          {order ? (
            <OrderCost price={order.price} title="Price" />
          ) : visaType ? (
            <OrderCost price={priceOf(visaType, option, travelers.length)} title="Price" />
          ) : null}
          {failure ? (
            <ErrorBox id="checkout-error">
              <p>{failure.message}</p>
              {failure.details.length > 0 ? (
                <ul>
                  {failure.details.map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </ul>
              ) : null}
            </ErrorBox>
          ) : null}
          {order ? null : (
            <Button
              size="large"
              fullWidth
              busy={creating.isLoading}
              busyLabel="Preparing your order…"
              onClick={() => void onProceed()}
            >
              Proceed To Checkout
            </Button>
          )}
        </div>
      </div>
      {order ? (
        <PaymentForm
          payment={order}
          totalCents={order.price.totalCents}
          defaultName={travelerName(travelers[0] ?? { firstName: '', lastName: '' })}
          defaultEmail={travelers[0]?.email ?? ''}
          confirmEmail={travelers[0]?.email}
          onPaid={onPaid}
        />
      ) : null}
    </>
  );
}

/** An unpaid order reopened from My orders: straight to the payment. */
function ResumeCheckout({ applicationId }: { applicationId: string }) {
  const onPaid = usePaid();
  const order = useGetCheckoutOrderQuery(applicationId, { refetchOnMountOrArgChange: true });

  let body;
  if (order.isLoading) body = <Spinner label="Loading your order…" showLabel />;
  else if (order.isError || !order.data)
    body = (
      <ErrorBox>
        <p>{messageOf(order.error, 'Failed to load existing application')}</p>
        <Link to="/orders">Back to My orders</Link>
      </ErrorBox>
    );
  else {
    const data = order.data;
    body = (
      <>
        <div className="wp-two-columns">
          <div className="wp-stack">
            <section className="wp-card" aria-labelledby="order-title">
              <h2 id="order-title">Order #{data.reference}</h2>
              <dl className="wpw-order">
                <div>
                  <dt>Visa type</dt>
                  <dd>{data.visaTypeName}</dd>
                </div>
                <div>
                  <dt>Email</dt>
                  <dd>{data.email}</dd>
                </div>
              </dl>
            </section>
            <TravelerList travelers={data.travelers} />
          </div>
          <OrderCost price={data.price} title="Price" />
        </div>
        <PaymentForm
          payment={data}
          totalCents={data.price.totalCents}
          defaultName={travelerName(data.travelers[0] ?? { firstName: '', lastName: '' })}
          defaultEmail={data.email}
          confirmEmail={data.email}
          onPaid={onPaid}
        />
      </>
    );
  }

  return (
    <div className="wp-container wpw-page">
      <title>Review your order – Waypoint</title>
      <h1>Review your order</h1>
      {body}
    </div>
  );
}

export function CheckoutPage() {
  const [params] = useSearchParams();
  const applicationId = params.get('applicationId');
  if (applicationId) {
    return (
      <RequireAuth loading={<PageSpinner />}>
        <ResumeCheckout applicationId={applicationId} />
      </RequireAuth>
    );
  }
  return (
    <WizardStepPage step={5} title="Review your order">
      <NewCheckout />
    </WizardStepPage>
  );
}
