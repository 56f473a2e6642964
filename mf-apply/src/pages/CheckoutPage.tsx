import { useState } from 'react';
import {
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
import { Button, ErrorBox, PageSpinner, Spinner, useT } from '@waypoint/ui';
import { useApiText, useReferenceText } from '@waypoint/platform/i18n';
import { applyMessages } from '../i18n/catalog';
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
import { useTravelerSummary } from '../wizard/text';

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

/** What went wrong, in the reader's language: the server's words, else `fallback`. */
function useFailureOf(fallback: string): (error: unknown) => Failure {
  const apiText = useApiText();
  return (error) => ({
    message: apiText(messageOf(error, fallback)),
    details: Object.values(fieldErrorsOf(error) ?? {}).map(apiText),
  });
}

function NewCheckout() {
  const dispatch = useAppDispatch();
  const { saveDraft } = useSaveDraft();
  const onPaid = usePaid();
  const { apply, countries, country, countryId, visaType, visaTypes, options, option } =
    useOrderContext();
  const checkoutKey = useAppSelector(selectCheckoutKey);
  const [createIntent, creating] = useCreatePaymentIntentMutation();
  const [order, setOrder] = useState<CreatePaymentIntentResponse | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const t = useT(applyMessages);
  const failureOf = useFailureOf(t('checkout.failed'));
  const travelerCountSummary = useTravelerSummary();

  if (countries.isLoading || visaTypes.isLoading || options.isLoading)
    return <Spinner label={t('checkout.loading')} showLabel />;

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
    // The order itself is made next: a failure to reach Waypoint is told by that call.
    void saveDraft(
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
        <ReviewCard
          id="trip"
          title={t('checkout.trip')}
          edits={[{ to: stepPath(1), what: t('checkout.edit.trip') }]}
        >
          <TripFacts country={country} visaType={visaType} arrivalDate={arrivalDate} />
        </ReviewCard>
        <ReviewCard
          id="travelers"
          title={t('checkout.travelers')}
          edits={[
            { to: stepPath(2), what: t('checkout.edit.travelers') },
            { to: stepPath(3), what: t('checkout.edit.passports'), visible: true },
          ]}
        >
          <TravelerFacts travelers={travelers} />
        </ReviewCard>
        <ReviewCard
          id="processing"
          title={t('checkout.processing')}
          edits={[{ to: stepPath(4), what: t('checkout.edit.processing') }]}
        >
          <ProcessingFacts option={option} />
        </ReviewCard>
      </div>
      <div className="wp-stack wpw-checkout__aside">
        {order ? (
          <OrderCost
            price={order.price}
            title={t('checkout.price')}
            travelerSummary={travelerSummary}
          />
        ) : visaType ? (
          <OrderCost
            price={priceOf(visaType, option, travelers.length)}
            title={t('checkout.price')}
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
            busyLabel={t('checkout.preparing')}
            onClick={() => void onProceed()}
          >
            {t('checkout.proceed')}
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
            defaultCountry={travelers[0]?.passport?.nationality || countryId}
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
  const t = useT(applyMessages);
  const reference = useReferenceText();
  const apiText = useApiText();
  const title = t('step.checkout.title');

  let body;
  if (order.isLoading) body = <Spinner label={t('checkout.loading')} showLabel />;
  else if (order.isError || !order.data)
    body = (
      <ErrorBox>
        <p>{apiText(messageOf(order.error, t('checkout.loadFailed')))}</p>
        <Link to="/orders">{t('checkout.backToOrders')}</Link>
      </ErrorBox>
    );
  else {
    const data = order.data;
    body = (
      <div className="wpw-checkout">
        <div className="wp-stack wpw-checkout__review">
          <ReviewCard id="order" title={t('common.order', { reference: data.reference })}>
            <dl className="wpw-order">
              <div>
                <dt>{t('common.visaType')}</dt>
                <dd>
                  {reference.visaTypeName({ id: data.visaTypeId ?? '', name: data.visaTypeName })}
                </dd>
              </div>
              <div>
                <dt>{t('common.email')}</dt>
                <dd>
                  <bdi>{data.email}</bdi>
                </dd>
              </div>
            </dl>
          </ReviewCard>
          <ReviewCard id="travelers" title={t('checkout.travelers')}>
            <TravelerFacts travelers={data.travelers} />
          </ReviewCard>
        </div>
        <div className="wpw-checkout__aside">
          <OrderCost price={data.price} title={t('checkout.price')} />
        </div>
        <div className="wpw-checkout__payment">
          <PaymentForm
            payment={data}
            totalCents={data.price.totalCents}
            defaultName={travelerName(data.travelers[0] ?? { firstName: '', lastName: '' })}
            defaultEmail={data.email}
            defaultCountry={data.nationality}
            confirmEmail={data.email}
            onPaid={onPaid}
          />
        </div>
      </div>
    );
  }

  return (
    <div className="wp-container wpw-page">
      <title>{t('page.title', { title })}</title>
      <h1>{title}</h1>
      {body}
    </div>
  );
}

export function CheckoutPage() {
  const [params] = useSearchParams();
  const t = useT(applyMessages);
  const applicationId = params.get('applicationId');
  if (applicationId) {
    return (
      <RequireAuth loading={<PageSpinner />}>
        <ResumeCheckout applicationId={applicationId} />
      </RequireAuth>
    );
  }
  return (
    <WizardStepPage step={5} title={t('step.checkout.title')}>
      <NewCheckout />
    </WizardStepPage>
  );
}
