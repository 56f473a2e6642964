import { useId, useState, type FormEvent } from 'react';
import type { Country } from '@waypoint/contracts';
import {
  DEFAULT_COUNTRY_ID,
  selectCountry,
  selectSelectedCountryId,
  useAppDispatch,
  useAppSelector,
  useNavigate,
} from '@waypoint/platform';
import { Button, CountryPicker, useT } from '@waypoint/ui';
import { shellMessages } from '../i18n/catalog';

export const TRIP_DETAILS_PATH = '/application/trip-details';

/** The country the pickers start with: the traveller's last choice, else the default, else the first. */
export function useInitialCountry(countries: Country[]): string | null {
  const saved = useAppSelector(selectSelectedCountryId);
  if (saved && countries.some((country) => country.id === saved)) return saved;
  if (countries.some((country) => country.id === DEFAULT_COUNTRY_ID)) return DEFAULT_COUNTRY_ID;
  return countries[0]?.id ?? null;
}

export interface StartApplicationProps {
  countries: Country[];
  loading: boolean;
  /** Distinguishes the two pickers of the home page. */
  idPrefix: string;
  /** The picker's label, when not the default question. */
  label?: string;
}

/** A country picker and Get started: remembers the country and opens trip details with it chosen. */
export function StartApplication({ countries, loading, idPrefix, label }: StartApplicationProps) {
  const t = useT(shellMessages);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const initial = useInitialCountry(countries);
  const [picked, setPicked] = useState<string | null>(null);
  const countryId = picked ?? initial;
  const hintId = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (countryId) dispatch(selectCountry(countryId));
    navigate(TRIP_DETAILS_PATH);
  };

  return (
    <form onSubmit={onSubmit} aria-describedby={hintId} noValidate>
      <p id={hintId} className="wp-visually-hidden">
        {t('start.description')}
      </p>
      <CountryPicker
        id={`${idPrefix}-country`}
        label={label ?? t('start.label')}
        hint={t('start.hint')}
        countries={countries}
        value={countryId}
        onChange={setPicked}
        loading={loading}
      />
      <Button type="submit" size="large" fullWidth disabled={loading}>
        {t('start.submit')}
      </Button>
    </form>
  );
}
