import { useState } from 'react';
import { DateInput, useT } from '@waypoint/ui';
import { adminMessages } from '../i18n/catalog';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for YYYY-MM-DD naming a day the calendar has (not 31 February). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The years a staff date filter offers: this year and the ten before it (a date of the URL's is kept too). */
function filterYears(today = new Date()): number[] {
  const year = today.getFullYear();
  return Array.from({ length: 11 }, (_, index) => year - index);
}

export interface DateFilterProps {
  id: string;
  label: string;
  /** The filter's date (YYYY-MM-DD), or '' for none. */
  value: string;
  /** Called with a whole date of the calendar, or '' when all three parts are cleared. */
  onChange: (value: string) => void;
  /** A problem with the range, shown on the field. */
  error?: string | null;
}

/**
 * A date filter as day, month and year (the design system's date fields, the order travellers enter dates in,
 * whatever the browser's language). The list is filtered only by a whole date; while a part is missing the field
 * says so and the list keeps its last filter.
 */
export function DateFilter({ id, label, value, onChange, error }: DateFilterProps) {
  const t = useT(adminMessages);
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    // The URL changed from elsewhere (back button, Clear filters): the field follows it.
    setSeen(value);
    if (value !== draft) setDraft(value);
  }
  const unfinished = draft !== '' && !isCalendarDate(draft);
  return (
    <DateInput
      id={id}
      className="wpd-filters__date"
      label={label}
      value={draft}
      years={filterYears()}
      error={unfinished ? t('filters.dateUnfinished') : (error ?? null)}
      onChange={(next) => {
        setDraft(next);
        if (next === '' || isCalendarDate(next)) onChange(next);
      }}
    />
  );
}
