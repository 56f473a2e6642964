import type { FormEvent } from 'react';
import { pickerYears, validateTrip, WizardText, type VisaType } from '@waypoint/contracts';
import {
  selectCountry,
  selectVisaType,
  useAppDispatch,
  useAppSelector,
  useLocation,
  useNavigate,
} from '@waypoint/platform';
import {
  Banner,
  Button,
  CountryPicker,
  DateInput,
  ErrorBox,
  ErrorSummary,
  Select,
  Switch,
  useHydrated,
  useT,
} from '@waypoint/ui';
import { useApiText } from '@waypoint/platform/i18n';
import { applyMessages } from '../i18n/catalog';
import {
  reachStep,
  selectArrivalDate,
  selectHasPlannedDates,
  setArrivalDate,
  setHasPlannedDates,
} from '../state';
import { useOrderContext, useWizardIssues } from '../wizard/order';
import { isRenewalNoticeState } from '../wizard/renewal';
import { WizardStepPage } from '../wizard/WizardLayout';
import { stepPath } from '../wizard/steps';
import { useMoney } from '../wizard/text';
import { useReferenceText } from '@waypoint/platform/i18n';

/** The facts of the chosen visa type; with `null`, the same card holding their place while they load. */
function VisaInformation({ visaType }: { visaType: VisaType | null }) {
  const t = useT(applyMessages);
  const money = useMoney();
  const reference = useReferenceText();
  const facts = visaType ? reference.visaType(visaType) : null;
  const loading = <span className="wp-placeholder-text">{t('common.loading')}</span>;
  return (
    <section
      className="wp-card"
      aria-labelledby="visa-info-title"
      aria-busy={visaType ? undefined : true}
    >
      <h2 id="visa-info-title">{t('trip.visaInfo.heading')}</h2>
      <p>
        <span className="wp-badge wp-badge--warning">
          {facts ? facts.badge : t('common.loading')}
        </span>
      </p>
      <dl className="wp-facts">
        <div>
          <dt>{t('trip.visaInfo.validity')}</dt>
          <dd>{facts ? facts.validityPeriod : loading}</dd>
        </div>
        <div>
          <dt>{t('trip.visaInfo.entries')}</dt>
          <dd>{facts ? facts.entryType : loading}</dd>
        </div>
        <div>
          <dt>{t('trip.visaInfo.maxStay')}</dt>
          <dd>{facts ? facts.maxStayDuration : loading}</dd>
        </div>
        <div>
          <dt>{t('trip.visaInfo.governmentFee')}</dt>
          <dd>
            {visaType
              ? t('trip.visaInfo.feeAmounts', {
                  pounds: money.pounds(visaType.governmentFeeGbpPence),
                  euros: money.euros(visaType.governmentFeeCents),
                })
              : loading}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export function TripDetailsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { countries, countryList, countryId, visaTypes, visaType } = useOrderContext();
  const hasPlannedDates = useAppSelector(selectHasPlannedDates);
  const arrivalDate = useAppSelector(selectArrivalDate);
  const issues = useWizardIssues();
  const t = useT(applyMessages);
  const apiText = useApiText();
  const reference = useReferenceText();
  // A page rendered with its data shows the lists at once; they are chosen from once its code has arrived.
  const hydrated = useHydrated();
  // Arrived from a reminder's link (RenewPage): says where the details came from. Not in HTML written at build
  // time, which knows nothing of the visit, so it shows once the page has hydrated.
  const { state } = useLocation();
  const renewed = hydrated && isRenewalNoticeState(state);

  const types = visaTypes.data?.visaTypes ?? [];
  // A nationality that needs nothing to visit (GB, IE) sees why and cannot start.
  const nothingNeeded = visaTypes.data?.entryRule === 'NONE';
  // Until the nationality's visa types are known (the countries load first), their fields keep their place.
  const loadingTypes = types.length === 0 && (countries.isLoading || visaTypes.isFetching);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (nothingNeeded) return;
    const problems = validateTrip({
      countryId,
      visaTypeId: visaType?.id ?? null,
      hasPlannedDates,
      arrivalDate: hasPlannedDates ? arrivalDate : null,
    });
    issues.show(problems);
    if (problems.length > 0) return;
    dispatch(selectCountry(countryId));
    dispatch(selectVisaType(visaType?.id ?? null));
    dispatch(reachStep(2));
    navigate(stepPath(2));
  };

  return (
    <WizardStepPage step={1} title={t('step.trip-details.title')}>
      <ErrorSummary errors={issues.summary} focusKey={issues.attempt} />
      {renewed ? (
        <Banner tone="success" title={t('renew.notice.title')}>
          {t('renew.notice.text')}
        </Banner>
      ) : null}
      {countries.isError ? (
        <ErrorBox title={t('trip.countriesFailed')}>
          <p>
            {countries.error && 'message' in countries.error
              ? apiText(countries.error.message ?? '')
              : null}
          </p>
          <Button variant="secondary" size="small" onClick={() => void countries.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </ErrorBox>
      ) : null}
      <form className="wp-two-columns" onSubmit={onSubmit} noValidate>
        <div>
          <CountryPicker
            id="trip-country"
            label={t('trip.country.label')}
            hint={t('trip.country.hint')}
            countries={countryList}
            value={countryId}
            loading={countries.isLoading}
            required
            error={issues.byField['trip-country']}
            onChange={(id) => dispatch(selectCountry(id))}
          />
          {visaTypes.isError ? (
            <ErrorBox>
              {visaTypes.error && 'message' in visaTypes.error
                ? apiText(visaTypes.error.message ?? '')
                : null}
            </ErrorBox>
          ) : null}
          {nothingNeeded ? (
            <Banner tone="success" title={visaTypes.data?.notice ?? WizardText.nothingNeeded} />
          ) : visaTypes.data?.notice ? (
            <Banner>{visaTypes.data.notice}</Banner>
          ) : null}
          {types.length > 0 ? (
            <Select
              id="trip-visa-type"
              label={t('trip.visaType.label')}
              options={types.map((type) => ({
                value: type.id,
                label: reference.visaType(type).name,
              }))}
              value={visaType?.id ?? ''}
              disabled={!hydrated}
              required
              error={issues.byField['trip-visa-type']}
              onChange={(id) => dispatch(selectVisaType(id))}
            />
          ) : loadingTypes ? (
            // Holds the place of the list while it loads, so nothing below it moves when it arrives.
            <Select
              id="trip-visa-type"
              label={t('trip.visaType.label')}
              options={[]}
              placeholder={t('trip.visaType.loading')}
              value=""
              disabled
              aria-busy="true"
              onChange={() => undefined}
            />
          ) : null}
          {nothingNeeded ? null : (
            <>
              <Switch
                id="trip-has-dates"
                label={t('trip.hasDates.label')}
                checked={hasPlannedDates}
                onChange={(checked) => dispatch(setHasPlannedDates(checked))}
              />
              <DateInput
                id="trip-arrival-date"
                label={t('common.arrivalDate')}
                value={arrivalDate}
                years={pickerYears('arrival')}
                disabled={!hasPlannedDates}
                required={hasPlannedDates}
                error={issues.byField['trip-arrival-date']}
                onChange={(date) => dispatch(setArrivalDate(date))}
              />
            </>
          )}
        </div>
        <div className="wp-stack">
          {visaType ? (
            <VisaInformation visaType={visaType} />
          ) : loadingTypes ? (
            <VisaInformation visaType={null} />
          ) : null}
          {nothingNeeded ? null : (
            <Button type="submit" size="large" fullWidth>
              {t('trip.submit')}
            </Button>
          )}
        </div>
      </form>
    </WizardStepPage>
  );
}
