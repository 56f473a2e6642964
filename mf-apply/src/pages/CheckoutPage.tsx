import { useState } from 'react';
import {
  travelerCountSummary,
  type ConfirmPaymentResponse,
  type CreatePaymentIntentBody,
  type CreatePaymentIntentResponse,
} from '@waypoint/contracts';
import {
  Link,
  RequireAuth,
  fieldErrorsOf,
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
import { ProcessingFacts, ReviewCard, TravelerFacts, TripFacts } from '../components/OrderReview';
import { messageOf, PaymentForm } from '../payment/PaymentForm';
import {
  reachStep,
  selectCheckoutKey,
  setCheckoutKey,
  setConfirmation,
  useCreatePaymentIntentMutation,
  useGetCheckoutOrderQuery,
} from '../state';
import { draftOf, travelerName, useOrderContext, useSaveDraft } from '../wizard/order';
import { WizardStepPage } from '../wizard/WizardLayout';
import { SUCCESS_PATH, stepPath } from '../wizard/steps';

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

interface Failure {
  message: string;
  details: string[];
}

function failureOf(error: unknown): Failure {
  const details = Object.values(fieldErrorsOf(error) ?? {});
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
  // "2 adults, 1 child": ages on the arrival date, as the price's traveller count is told everywhere.
  const travelerSummary = travelerCountSummary(
    travelers.map((traveler) => traveler.dateOfBirth),
    arrivalDate,
  );

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
    <div className="wpw-checkout">
      <div className="wp-stack wpw-checkout__review">
        <ReviewCard id="trip" title="Your trip" edits={[{ to: stepPath(1), what: 'trip details' }]}>
          <TripFacts country={country} visaType={visaType} arrivalDate={arrivalDate} />
        </ReviewCard>
        <ReviewCard
          id="travelers"
          title="Travelers"
          edits={[
            { to: stepPath(2), what: 'travelers' },
            { to: stepPath(3), what: 'passports', visible: true },
          ]}
        >
          <TravelerFacts travelers={travelers} />
        </ReviewCard>
        <ReviewCard
          id="processing"
          title="Processing speed"
          edits={[{ to: stepPath(4), what: 'processing speed' }]}
        >
          <ProcessingFacts option={option} />
        </ReviewCard>
      </div>
      <div className="wp-stack wpw-checkout__aside">
        {order ? (
          <OrderCost price={order.price} title="Price" travelerSummary={travelerSummary} />
        ) : visaType ? (
          <OrderCost
            price={priceOf(visaType, option, travelers.length)}
            title="Price"
            travelerSummary={travelerSummary}
          />
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
      {order ? (
        <div className="wpw-checkout__payment">
          <PaymentForm
            payment={order}
            totalCents={order.price.totalCents}
            defaultName={travelerName(travelers[0] ?? { firstName: '', lastName: '' })}
            defaultEmail={travelers[0]?.email ?? ''}
            confirmEmail={travelers[0]?.email}
            onPaid={onPaid}
          />
        </div>
      ) : null}
    </div>
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
      <div className="wpw-checkout">
        <div className="wp-stack wpw-checkout__review">
          <ReviewCard id="order" title={`Order #${data.reference}`}>
            <dl className="wpw-order">
              <div>
                <dt>Visa type</dt>
                <dd>{data.visaTypeName}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>
                  <bdi>{data.email}</bdi>
                </dd>
              </div>
            </dl>
          </ReviewCard>
          <ReviewCard id="travelers" title="Travelers">
            <TravelerFacts travelers={data.travelers} />
          </ReviewCard>
        </div>
        <div className="wpw-checkout__aside">
          <OrderCost price={data.price} title="Price" />
        </div>
        <div className="wpw-checkout__payment">
          <PaymentForm
            payment={data}
            totalCents={data.price.totalCents}
            defaultName={travelerName(data.travelers[0] ?? { firstName: '', lastName: '' })}
            defaultEmail={data.email}
            confirmEmail={data.email}
            onPaid={onPaid}
          />
        </div>
      </div>
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
