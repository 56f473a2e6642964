import { useState, type FormEvent } from 'react';
import { formatEuros, type VisaType } from '@waypoint/contracts';
import {
  DEFAULT_COUNTRY_ID,
  selectCountry,
  selectSelectedCountryId,
  selectSelectedVisaTypeId,
  selectVisaType,
  useAppDispatch,
  useAppSelector,
  useGetCountriesQuery,
  useGetVisaTypesQuery,
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
  Spinner,
  Switch,
  type FieldError,
} from '@waypoint/ui';
import {
  reachStep,
  selectArrivalDate,
  selectHasPlannedDates,
  setArrivalDate,
  setHasPlannedDates,
} from '../state';
import { WizardStepPage } from '../wizard/WizardLayout';
import { stepPath } from '../wizard/steps';

export const TripDetailsText = {
  countryRequired: 'Please select your country',
  visaTypeRequired: 'Please select a visa type',
  arrivalDateRequired: 'Please select your arrival date',
} as const;

function VisaInformation({ visaType }: { visaType: VisaType }) {
  return (
    <section className="wp-card" aria-labelledby="visa-info-title">
      <h2 id="visa-info-title">Visa Information</h2>
      <p>
        <span className="wp-badge wp-badge--warning">{visaType.badge}</span>
      </p>
      <dl className="wp-facts">
        <div>
          <dt>Validity period</dt>
          <dd>{visaType.validityPeriod}</dd>
        </div>
        <div>
          <dt>Number of entries</dt>
          <dd>{visaType.entryType}</dd>
        </div>
        <div>
          <dt>Max stay</dt>
          <dd>{visaType.maxStayDuration}</dd>
        </div>
        <div>
          <dt>Government fee per traveller</dt>
          <dd>{formatEuros(visaType.governmentFeeCents)}</dd>
        </div>
      </dl>
    </section>
  );
}

export function TripDetailsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const countries = useGetCountriesQuery();
  const savedCountryId = useAppSelector(selectSelectedCountryId);
  const savedVisaTypeId = useAppSelector(selectSelectedVisaTypeId);
  const hasPlannedDates = useAppSelector(selectHasPlannedDates);
  const arrivalDate = useAppSelector(selectArrivalDate);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempt, setAttempt] = useState(0);

  const list = countries.data ?? [];
  // The chosen country, else the default one, else the first (spec section 4).
  const countryId =
    (savedCountryId && list.some((country) => country.id === savedCountryId)
      ? savedCountryId
      : null) ??
    (list.some((country) => country.id === DEFAULT_COUNTRY_ID)
      ? DEFAULT_COUNTRY_ID
      : (list[0]?.id ?? null));

  const visaTypes = useGetVisaTypesQuery(countryId ?? undefined, { skip: !countryId });
  const types = visaTypes.data?.visaTypes ?? [];
  const visaType = types.find((type) => type.id === savedVisaTypeId) ?? types[0] ?? null;

  const errorFor = (fieldId: string) => errors.find((error) => error.fieldId === fieldId)?.message;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems: FieldError[] = [];
    if (!countryId)
      problems.push({ fieldId: 'trip-country', message: TripDetailsText.countryRequired });
    if (!visaType)
      problems.push({ fieldId: 'trip-visa-type', message: TripDetailsText.visaTypeRequired });
    if (hasPlannedDates && !arrivalDate) {
      problems.push({ fieldId: 'trip-arrival-date', message: TripDetailsText.arrivalDateRequired });
    }
    setErrors(problems);
    setAttempt((count) => count + 1);
    if (problems.length > 0) return;
    dispatch(selectCountry(countryId));
    dispatch(selectVisaType(visaType?.id ?? null));
    dispatch(reachStep(2));
    navigate(stepPath(2));
  };

  return (
    <WizardStepPage step={1} title="Trip details">
      <ErrorSummary errors={errors} focusKey={attempt} />
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
            label="Where you from?"
            hint="The nationality on your passport"
            countries={list}
            value={countryId}
            loading={countries.isLoading}
            required
            error={errorFor('trip-country')}
            onChange={(id) => dispatch(selectCountry(id))}
          />
          {visaTypes.isFetching && types.length === 0 ? (
            <Spinner label="Loading visa types…" showLabel />
          ) : null}
          {visaTypes.isError ? (
            <ErrorBox>
              {visaTypes.error && 'message' in visaTypes.error ? visaTypes.error.message : null}
            </ErrorBox>
          ) : null}
          {visaTypes.data?.notice ? <Banner>{visaTypes.data.notice}</Banner> : null}
          {types.length > 0 ? (
            <Select
              id="trip-visa-type"
              label="Apply for"
              options={types.map((type) => ({ value: type.id, label: type.name }))}
              value={visaType?.id ?? ''}
              required
              error={errorFor('trip-visa-type')}
              onChange={(id) => dispatch(selectVisaType(id))}
            />
          ) : null}
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
            error={errorFor('trip-arrival-date')}
            onChange={(date) => dispatch(setArrivalDate(date))}
          />
        </div>
        <div className="wp-stack">
          {visaType ? <VisaInformation visaType={visaType} /> : null}
          <Button type="submit" size="large" fullWidth>
            Start Applying
          </Button>
        </div>
      </form>
    </WizardStepPage>
  );
}
