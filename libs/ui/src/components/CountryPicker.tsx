import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { ChevronDown, Globe } from 'lucide';
import { Flag } from '../icons/Flag';
import { Icon } from '../icons/Icon';
import { cx, describedBy } from './ids';
import { FieldMessages, RequiredMark } from './Field';
import { useHydrated } from './hydration';
import { compareText, countryName } from '../i18n/format';
import { uiMessages } from '../i18n/messages/catalog';
import { useLocale, useT } from '../i18n/react';

export interface CountryOption {
  id: string;
  name: string;
  /**
   * The English name, when `name` is in another language: a search finds the country by either, so a reader who
   * types a Latin name in an Arabic page ("Morocco") still finds it.
   */
  englishName?: string;
}

/**
 * Text as a search compares it: without accents or other marks (é → e, Arabic short vowels dropped), in lower
 * case, with its spaces collapsed. "Côte d'Ivoire" and "cote d'ivoire" compare equal.
 */
export function searchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Countries whose name in the page's language, English name or two-letter code matches the text, ignoring case
 * and accents: names starting with it (and the country of that code) first, then names containing it.
 */
export function filterCountries<C extends CountryOption>(countries: C[], text: string): C[] {
  const query = searchText(text);
  if (query === '') return countries;
  const starts: C[] = [];
  const contains: C[] = [];
  for (const country of countries) {
    const names = [country.name, country.englishName ?? ''].map(searchText).filter(Boolean);
    if (names.some((name) => name.startsWith(query)) || searchText(country.id) === query)
      starts.push(country);
    else if (names.some((name) => name.includes(query))) contains.push(country);
  }
  return [...starts, ...contains];
}

export interface CountryPickerProps {
  id: string;
  label: ReactNode;
  countries: CountryOption[];
  /** The chosen country's id, or null. */
  value: string | null;
  onChange: (countryId: string) => void;
  hint?: string;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  /** Shown (and the input disabled) while the list is being fetched. */
  loading?: boolean;
  placeholder?: string;
  className?: string;
  /**
   * The browser's autofill token (e.g. "country"); off when not given. A country name or code filled in whole by
   * the browser is chosen at once.
   */
  autoComplete?: string;
}

/** The country a whole text names: its name, its English name, or its two-letter code (any case or accents). */
function countryNamed<C extends CountryOption>(countries: C[], text: string): C | undefined {
  const wanted = searchText(text);
  if (wanted === '') return undefined;
  return countries.find((country) =>
    [country.name, country.englishName ?? '', country.id].some(
      (name) => searchText(name) === wanted,
    ),
  );
}

/**
 * A type-to-search country list following the WAI-ARIA combobox pattern (list autocomplete): type to filter,
 * Arrow Down/Up to move, Enter to choose, Escape to close. Its text is selected when it takes the focus.
 */
export function CountryPicker({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  required,
  disabled,
  loading = false,
  placeholder,
  className,
  autoComplete,
  countries: given,
}: CountryPickerProps) {
  const t = useT(uiMessages);
  const locale = useLocale();
  // Outside English, each country is named in the page's language and the list sorted as its readers sort; its
  // English name (the list's own) is kept for the search.
  const countries = useMemo(
    () =>
      locale === 'en'
        ? given
        : given
            .map((country) => ({
              ...country,
              name: countryName(country.id, locale),
              englishName: country.englishName ?? country.name,
            }))
            .sort((a, b) => compareText(locale)(a.name, b.name)),
    [given, locale],
  );
  const uid = useId();
  // Every part of the list is the page's code: in HTML rendered on the server it waits for that code, so nothing
  // typed before it arrives is lost.
  const usable = useHydrated() && !disabled && !loading;
  const listboxId = `${id}-listbox`;
  const labelId = `${id}-label`;
  const statusId = `${uid}-status`;
  const selected = countries.find((country) => country.id === value) ?? null;

  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  // Whether the input had the focus when a click on it began (a click that focuses it keeps the selection).
  const focusedBeforeClick = useRef(false);

  const options = useMemo(() => filterCountries(countries, query ?? ''), [countries, query]);
  const activeOption = open ? options[activeIndex] : undefined;
  const optionId = (countryId: string) => `${id}-option-${countryId}`;

  const activeId = activeOption ? optionId(activeOption.id) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const openList = (list: CountryOption[] = options) => {
    setOpen(true);
    const current = list.findIndex((country) => country.id === value);
    setActiveIndex(current >= 0 ? current : 0);
  };

  const close = () => {
    setOpen(false);
    setQuery(null);
    setActiveIndex(-1);
  };

  const choose = (country: CountryOption) => {
    onChange(country.id);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActiveIndex((index) => Math.min(index + 1, options.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActiveIndex((index) => Math.max(index - 1, 0));
        break;
      case 'Enter':
        if (open) {
          event.preventDefault();
          if (activeOption) choose(activeOption);
        }
        break;
      case 'Escape':
        if (open || query !== null) {
          event.preventDefault();
          close();
        }
        break;
      default:
        break;
    }
  };

  const inputValue = query ?? selected?.name ?? '';
  const describe = [describedBy(id, hint, error), statusId].filter(Boolean).join(' ');

  return (
    <div className={cx('wp-field', 'wp-combobox', error && 'wp-field--error', className)}>
      <label className="wp-label" id={labelId} htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      <div className="wp-combobox__control">
        <span className="wp-combobox__flag" aria-hidden="true">
          {query === null && selected ? (
            <Flag code={selected.id} height={18} />
          ) : (
            <Icon icon={Globe} size={20} />
          )}
        </span>
        <input
          id={id}
          type="text"
          role="combobox"
          className={cx('wp-input', 'wp-combobox__input', error && 'wp-input--error')}
          value={inputValue}
          placeholder={loading ? t('country.loading') : (placeholder ?? t('country.placeholder'))}
          autoComplete={autoComplete ?? 'off'}
          spellCheck={false}
          disabled={!usable}
          required={required}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describe}
          onChange={(event) => {
            const text = event.target.value;
            // Autofill replaces the whole text at once (typing adds or removes a character at a time).
            const typed = (event.nativeEvent as InputEvent).inputType;
            const named =
              autoComplete && (typed === undefined || typed === 'insertReplacementText')
                ? countryNamed(countries, text)
                : undefined;
            if (named) {
              choose(named);
              return;
            }
            setQuery(text);
            setOpen(true);
            setActiveIndex(filterCountries(countries, text).length > 0 ? 0 : -1);
          }}
          onKeyDown={onKeyDown}
          // The chosen country's name is selected on focus, so typing replaces it at once.
          onFocus={(event) => event.currentTarget.select()}
          onMouseDown={(event) => {
            focusedBeforeClick.current = document.activeElement === event.currentTarget;
          }}
          onMouseUp={(event) => {
            if (!focusedBeforeClick.current) event.preventDefault();
          }}
          onBlur={close}
          onClick={() => {
            if (!open) openList();
          }}
        />
        <button
          type="button"
          className="wp-combobox__toggle"
          tabIndex={-1}
          aria-label={t('country.showAll')}
          aria-controls={listboxId}
          aria-expanded={open}
          disabled={!usable}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (open) close();
            else {
              setQuery(null);
              openList(countries);
              document.getElementById(id)?.focus();
            }
          }}
        >
          <Icon icon={ChevronDown} size={18} />
        </button>
      </div>
      <ul
        id={listboxId}
        role="listbox"
        aria-labelledby={labelId}
        className="wp-combobox__listbox"
        hidden={!open}
      >
        {open
          ? options.map((country, index) => (
              <li
                key={country.id}
                id={optionId(country.id)}
                role="option"
                aria-selected={country.id === value}
                className={cx(
                  'wp-combobox__option',
                  index === activeIndex && 'wp-combobox__option--active',
                )}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActiveIndex(index)}
                onClick={() => choose(country)}
              >
                <span className="wp-combobox__option-flag" aria-hidden="true">
                  <Flag code={country.id} />
                </span>
                {country.name}
              </li>
            ))
          : null}
      </ul>
      {open && options.length === 0 ? (
        <p className="wp-combobox__empty">{t('country.noMatch', { query: query ?? '' })}</p>
      ) : null}
      <p id={statusId} className="wp-visually-hidden" aria-live="polite">
        {open ? t('country.found', { count: options.length }) : ''}
      </p>
    </div>
  );
}
