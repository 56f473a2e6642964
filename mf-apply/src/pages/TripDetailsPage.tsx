import type { FormEvent } from 'react';
import {
  formatEuros,
  formatPounds,
  validateTrip,
  WizardText,
  type VisaType,
} from '@waypoint/contracts';
import {
  selectCountry,
  selectVisaType,
  useAppDispatch,
  useAppSelector,
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
} from '@waypoint/ui';
import {
  reachStep,
  selectArrivalDate,
  selectHasPlannedDates,
  setArrivalDate,
  setHasPlannedDates,
} from '../state';
import { useOrderContext, useWizardIssues } from '../wizard/order';
import { WizardStepPage } from '../wizard/WizardLayout';
import { stepPath } from '../wizard/steps';

/** The facts of the chosen visa type; with `null`, the same card holding their place while they load. */
function VisaInformation({ visaType }: { visaType: VisaType | null }) {
  const loading = <span className="wp-placeholder-text">Loading…</span>;
  return (
    <section
      className="wp-card"
      aria-labelledby="visa-info-title"
      aria-busy={visaType ? undefined : true}
    >
      <h2 id="visa-info-title">Visa Information</h2>
      <p>
        <span className="wp-badge wp-badge--warning">{visaType ? visaType.badge : 'Loading…'}</span>
      </p>
      <dl className="wp-facts">
        <div>
          <dt>Validity period</dt>
          <dd>{visaType ? visaType.validityPeriod : loading}</dd>
        </div>
        <div>
          <dt>Number of entries</dt>
          <dd>{visaType ? visaType.entryType : loading}</dd>
        </div>
        <div>
          <dt>Max stay</dt>
          <dd>{visaType ? visaType.maxStayDuration : loading}</dd>
        </div>
        <div>
          <dt>Government fee per traveler</dt>
          <dd>
            {visaType ? (
              <>
                {formatPounds(visaType.governmentFeeGbpPence)} (
                {formatEuros(visaType.governmentFeeCents)})
              </>
            ) : (
              loading
            )}
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
    <WizardStepPage step={1} title="Trip details">
      <ErrorSummary errors={issues.summary} focusKey={issues.attempt} />
      {countries.isError ? (
        <ErrorBox title="The list of countries could not be loaded.">
          <p>{countries.error && 'message' in countries.error ? countries.error.message : null}</p>
          <Button variant="secondary" size="small" onClick={() => void countries.refetch()}>
            Try again
          </Button>
        </ErrorBox>
      ) : null}
      <form className="wp-two-columns" onSubmit={onSubmit} noValidate>
        <div>
          <CountryPicker
            id="trip-country"
            label="Where are you from?"
            hint="The nationality on your passport"
            countries={countryList}
            value={countryId}
            loading={countries.isLoading}
            required
            error={issues.byField['trip-country']}
            onChange={(id) => dispatch(selectCountry(id))}
          />
          {visaTypes.isError ? (
            <ErrorBox>
              {visaTypes.error && 'message' in visaTypes.error ? visaTypes.error.message : null}
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
              label="Apply for"
              options={types.map((type) => ({ value: type.id, label: type.name }))}
              value={visaType?.id ?? ''}
              required
              error={issues.byField['trip-visa-type']}
              onChange={(id) => dispatch(selectVisaType(id))}
            />
          ) : loadingTypes ? (
            // Holds the place of the list while it loads, so nothing below it moves when it arrives.
            <Select
              id="trip-visa-type"
              label="Apply for"
              options={[]}
              placeholder="Loading visa types…"
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
                label="Do you have any travel dates planned?"
                checked={hasPlannedDates}
                onChange={(checked) => dispatch(setHasPlannedDates(checked))}
              />
              <DateInput
                id="trip-arrival-date"
                label="Arrival date"
                value={arrivalDate}
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
              Start Applying
            </Button>
          )}
        </div>
      </form>
    </WizardStepPage>
  );
}
