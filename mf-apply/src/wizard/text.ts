import { useCallback, useMemo } from 'react';
import {
  ageGroups,
  languageTag,
  STEPPER_LABELS,
  type Locale,
  type WizardStepSlug,
} from '@waypoint/contracts';
import { formatDate, formatMoney, useLocale, useT } from '@waypoint/ui';
import { useReferenceText } from '@waypoint/platform/i18n';
import { applyMessages } from '../i18n/catalog';

/*
 * The wizard's words in the page's language: amounts, dates and traveller counts, and the English reference data
 * (visa types, processing options) shown by its code in the reader's language when this catalog names it.
 */

/** The stepper's items, in the order of STEPPER_LABELS. */
const STEPPER_KEYS = {
  'Trip Details': 'stepper.tripDetails',
  'Your Info': 'stepper.yourInfo',
  'Passport Info': 'stepper.passportInfo',
  Checkout: 'stepper.checkout',
} as const satisfies Record<(typeof STEPPER_LABELS)[number], string>;

/** The stepper's items in the page's language. */
export function useStepperLabels(): string[] {
  const t = useT(applyMessages);
  return STEPPER_LABELS.map((label) => t(STEPPER_KEYS[label]));
}

/**
 * How a saved application stopped at a step is named ("Review and payment"): the wizard journey's
 * WIZARD_STEP_LABEL in the page's language.
 */
export function useStepLabel(): (slug: WizardStepSlug) => string {
  const t = useT(applyMessages);
  return useCallback((slug: WizardStepSlug) => t(`step.${slug}.label`), [t]);
}

/** A YYYY-MM-DD date as the page's language writes it in full ("2 January 2026", "2 janvier 2026"). */
export function useFormatDate(): (iso: string) => string {
  const locale = useLocale();
  return useCallback((iso: string) => formatDate(iso, locale), [locale]);
}

/** Euro cents and pence as the page's language writes amounts. */
export function useMoney() {
  const locale = useLocale();
  return useMemo(
    () => ({
      euros: (cents: number) => formatMoney(cents / 100, 'EUR', locale),
      pounds: (pence: number) => formatMoney(pence / 100, 'GBP', locale),
      /** The exchange rate's one pound ("£1") and its price in euros as stated ("€1.1450"). */
      onePound: () => wholeAmount(1, 'GBP', locale),
      rate: (rate: string) => rateAmount(rate, locale),
    }),
    [locale],
  );
}

function wholeAmount(amount: number, currency: 'EUR' | 'GBP', locale: Locale): string {
  return new Intl.NumberFormat(languageTag(locale), {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amount);
}

/** A rate with every decimal it is stated with. */
function rateAmount(rate: string, locale: Locale): string {
  const decimals = rate.split('.')[1]?.length ?? 0;
  const value = Number(rate);
  if (!Number.isFinite(value)) return rate;
  return new Intl.NumberFormat(languageTag(locale), {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/**
 * The travellers by age as people read it: '2 adults, 1 child', '1 adult', '3 children'; while a date of birth is
 * still missing, simply '3 travellers'. Ages are taken on the arrival date (libs/contracts ageGroups).
 */
export function useTravelerSummary(): (
  datesOfBirth: readonly string[],
  arrivalDate: string | null | undefined,
) => string {
  const reference = useReferenceText();
  return useCallback(
    (datesOfBirth, arrivalDate) => reference.travelers(ageGroups(datesOfBirth, arrivalDate)),
    [reference],
  );
}

/** When an order taken now is submitted: 'Today by 18:00', 'Tomorrow by 09:30', 'Friday 3 April by 12:00'. */
export function useExpectedDelivery(): (hours: number, now?: Date) => string {
  const t = useT(applyMessages);
  const locale = useLocale();
  return useCallback(
    (hours, now = new Date()) => {
      const tag = languageTag(locale);
      const due = new Date(now.getTime() + hours * 3_600_000);
      const time = due.toLocaleTimeString(tag, { hour: '2-digit', minute: '2-digit' });
      const day = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
      const tomorrow = new Date(now);
      tomorrow.setDate(now.getDate() + 1);
      if (day(due) === day(now)) return t('delivery.today', { time });
      if (day(due) === day(tomorrow)) return t('delivery.tomorrow', { time });
      const date = due.toLocaleDateString(tag, { weekday: 'long', day: 'numeric', month: 'long' });
      return t('delivery.later', { day: date, time });
    },
    [t, locale],
  );
}
