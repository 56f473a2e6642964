import { useState, type ReactNode } from 'react';
import { cx, describedBy } from './ids';
import { FieldMessages, RequiredMark } from './Field';
import { monthNames } from '../i18n/format';
import { uiMessages } from '../i18n/messages/catalog';
import { useLocale, useT } from '../i18n/react';

/** Years a date picker offers: from 10 years ahead back to 1900 (spec section 9). */
export function dateInputYears(today: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = today.getFullYear() + 10; year >= 1900; year -= 1) years.push(year);
  return years;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

interface Parts {
  day: string;
  month: string;
  year: string;
}

/** The parts of a value: a whole date, or one with parts not chosen yet ('2027--31'); null for anything else. */
function splitDate(value: string): Parts | null {
  const match = /^(\d{4})?-(\d{2})?-(\d{2})?$/.exec(value);
  if (!match || value === '--') return null;
  const part = (text: string | undefined) => (text ? String(Number(text)) : '');
  return { year: part(match[1]), month: part(match[2]), day: part(match[3]) };
}

/**
 * The value of the parts chosen: '' when none is, else YYYY-MM-DD with the parts not chosen left empty
 * ('2027--31'), so a form can say which part is missing. A day the month does not have is kept as chosen
 * ('2027-02-31'): the form says that date does not exist, rather than that none was chosen.
 */
export function joinDate({ day, month, year }: Parts): string {
  if (!day && !month && !year) return '';
  const pad = (text: string, width: number) => (text ? text.padStart(width, '0') : '');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The years offered, with the year of the value kept in its place when the list does not have it. */
function withYear(years: number[], year: string): number[] {
  const chosen = Number(year);
  if (!year || years.includes(chosen)) return years;
  const ascending = years.length < 2 || years[0]! < years[1]!;
  return [...years, chosen].sort((a, b) => (ascending ? a - b : b - a));
}

export interface DateInputProps {
  /** The id of the first control (the day), which an error summary link focuses. */
  id: string;
  label: ReactNode;
  /**
   * YYYY-MM-DD; '' when nothing is chosen; the parts not chosen left empty ('2027--31'); a day the month does not
   * have as chosen ('2027-02-31'). The form's rules say which of these is wrong.
   */
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
  required?: boolean;
  /**
   * The years offered: only those the field's rules can accept (`pickerYears` of the contracts for the wizard's
   * dates). Defaults to 10 years ahead back to 1900.
   */
  years?: number[];
  className?: string;
}

/** A date as day, month and year selects (easier than a calendar for dates of birth and passport expiry). */
export function DateInput({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  disabled,
  required,
  years,
  className,
}: DateInputProps) {
  const [draft, setDraft] = useState<Parts>(
    () => splitDate(value) ?? { day: '', month: '', year: '' },
  );
  const [lastValue, setLastValue] = useState(value);
  // A new value from outside (e.g. a restored draft or a cleared date) replaces the parts being edited.
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== joinDate(draft)) setDraft(splitDate(value) ?? { day: '', month: '', year: '' });
  }

  const update = (part: keyof Parts, next: string) => {
    const parts = { ...draft, [part]: next };
    setDraft(parts);
    const joined = joinDate(parts);
    if (joined !== value) {
      setLastValue(joined);
      onChange(joined);
    }
  };

  const t = useT(uiMessages);
  const locale = useLocale();
  const yearList = withYear(years ?? dateInputYears(), draft.year);
  const maxDay =
    draft.month && draft.year ? daysInMonth(Number(draft.year), Number(draft.month)) : 31;
  const describe = describedBy(id, hint, error);

  return (
    <fieldset
      className={cx('wp-field', 'wp-date', error && 'wp-field--error', className)}
      aria-describedby={describe}
      disabled={disabled}
    >
      <legend className="wp-label">
        {label}
        {required ? <RequiredMark /> : null}
      </legend>
      <FieldMessages id={id} hint={hint} error={error} />
      <div className="wp-date__parts">
        <div className="wp-date__part">
          <label className="wp-date__label" htmlFor={id}>
            {t('date.day')}
          </label>
          <select
            id={id}
            className={cx('wp-select', error && 'wp-input--error')}
            value={draft.day}
            aria-invalid={error ? true : undefined}
            onChange={(event) => update('day', event.target.value)}
          >
            <option value="">{t('date.dayEmpty')}</option>
            {Array.from({ length: 31 }, (_, index) => index + 1).map((day) => (
              <option key={day} value={String(day)} disabled={day > maxDay}>
                {String(day).padStart(2, '0')}
              </option>
            ))}
          </select>
        </div>
        <div className="wp-date__part wp-date__part--month">
          <label className="wp-date__label" htmlFor={`${id}-month`}>
            {t('date.month')}
          </label>
          <select
            id={`${id}-month`}
            className={cx('wp-select', error && 'wp-input--error')}
            value={draft.month}
            aria-invalid={error ? true : undefined}
            onChange={(event) => update('month', event.target.value)}
          >
            <option value="">{t('date.monthEmpty')}</option>
            {monthNames(locale).map((name, index) => (
              <option key={name} value={String(index + 1)}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="wp-date__part">
          <label className="wp-date__label" htmlFor={`${id}-year`}>
            {t('date.year')}
          </label>
          <select
            id={`${id}-year`}
            className={cx('wp-select', error && 'wp-input--error')}
            value={draft.year}
            aria-invalid={error ? true : undefined}
            onChange={(event) => update('year', event.target.value)}
          >
            <option value="">{t('date.yearEmpty')}</option>
            {yearList.map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  );
}
