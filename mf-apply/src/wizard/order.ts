import { useCallback, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Country, DraftData, Issue, TravelerInput, VisaType } from '@waypoint/contracts';
import {
  DEFAULT_COUNTRY_ID,
  isNetworkError,
  selectSelectedCountryId,
  selectSelectedVisaTypeId,
  useAppSelector,
  useFormErrors,
  type ApiError,
} from '@waypoint/platform';
import { useGetCountriesQuery, useGetVisaTypesQuery } from '@waypoint/platform/api';
import {
  selectApply,
  useGetProcessingOptionsQuery,
  useSaveDraftMutation,
  type ApplyState,
  type WizardStep,
} from '../state';

/** The chosen country, else the default one, else the first (spec section 4). */
export function resolveCountryId(saved: string | null, countries: Country[]): string | null {
  if (saved && countries.some((country) => country.id === saved)) return saved;
  if (countries.some((country) => country.id === DEFAULT_COUNTRY_ID)) return DEFAULT_COUNTRY_ID;
  return countries[0]?.id ?? null;
}

/**
 * The order as chosen so far: country, visa type and processing option, each falling back to the first one when
 * none is chosen (spec section 4), with the queries that load them.
 */
export function useOrderContext() {
  const apply = useAppSelector(selectApply);
  const countries = useGetCountriesQuery();
  const savedCountryId = useAppSelector(selectSelectedCountryId);
  const savedVisaTypeId = useAppSelector(selectSelectedVisaTypeId);
  const countryList = countries.data ?? [];
  const countryId = resolveCountryId(savedCountryId, countryList);
  const country = countryList.find((item) => item.id === countryId) ?? null;

  const visaTypes = useGetVisaTypesQuery(countryId ?? undefined, { skip: !countryId });
  const types = visaTypes.data?.visaTypes ?? [];
  const visaType: VisaType | null =
    types.find((type) => type.id === savedVisaTypeId) ?? types[0] ?? null;

  const options = useGetProcessingOptionsQuery(visaType ? visaType.id : skipToken);
  const optionList = options.data ?? [];
  const option =
    optionList.find((item) => item.id === apply.selectedProcessingOption) ?? optionList[0] ?? null;

  return {
    apply,
    countries,
    countryList,
    countryId,
    country,
    visaTypes,
    visaType,
    options,
    optionList,
    option,
  };
}

/** The draft as the server keeps it. */
export function draftOf(
  apply: ApplyState,
  trip: { countryId: string | null; visaTypeId: string | null; optionId?: string | null },
  currentStep: WizardStep,
): DraftData {
  const email = apply.travelers[0]?.email?.trim();
  return {
    countryId: trip.countryId,
    visaTypeId: trip.visaTypeId,
    arrivalDate: apply.hasPlannedDates && apply.arrivalDate ? apply.arrivalDate : null,
    hasPlannedDates: apply.hasPlannedDates,
    travelers: apply.travelers.map((traveler) => ({ ...traveler })) as DraftData['travelers'],
    selectedProcessingOption:
      trip.optionId === undefined ? apply.selectedProcessingOption : trip.optionId,
    currentStep: Math.max(currentStep, apply.currentStep),
    ...(email ? { email } : {}),
  };
}

/** Why a step could not be saved, and how many times it was tried (each failure moves focus to it again). */
export interface SaveFailure {
  error: ApiError;
  attempt: number;
}

/**
 * Saves the draft to the server session and tells whether the traveller may go on. A failure the server reports
 * does not block the traveller (spec section 8: the wizard is kept in the tab, and the checkout sends it whole).
 * When Waypoint cannot be reached at all nothing is saved, and nothing later would be: the step stays, saying so
 * (`failure`), instead of moving on as if it were saved.
 */
export function useSaveDraft() {
  const [save, { isLoading: saving }] = useSaveDraftMutation();
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const saveDraft = useCallback(
    async (draft: DraftData): Promise<boolean> => {
      const result = await save(draft);
      if (result.error && isNetworkError(result.error)) {
        const error = result.error as ApiError;
        setFailure((last) => ({ error, attempt: (last?.attempt ?? 0) + 1 }));
        return false;
      }
      setFailure(null);
      return true;
    },
    [save],
  );
  return { saveDraft, saving, failure };
}

/** The control an issue of the contracts' validators belongs to. */
export function fieldIdFor(path: readonly PropertyKey[]): string {
  const [head, index, field, sub] = path;
  if (head === 'countryId') return 'trip-country';
  if (head === 'visaTypeId') return 'trip-visa-type';
  if (head === 'arrivalDate') return 'trip-arrival-date';
  if (head === 'processingOptionId') return 'processing-option';
  if (head === 'travelers' && typeof index === 'number') {
    if (field === 'passport') return `passport-${index}-${String(sub)}`;
    return `traveler-${index}-${String(field)}`;
  }
  return 'add-traveler';
}

/**
 * The problems a wizard step shows: the first message about each control (`byField`, by control id), and in the
 * error summary every one of them, in the order of the form, each linking to its control (the GOV.UK pattern: a
 * summary that lists one problem while the fields show four hides the rest). `show` moves focus to the summary
 * on each failed submit (`attempt` is its focus key).
 */
export function useWizardIssues() {
  const { errors, summary, attempt, showErrors, showIssues, clearErrors } = useFormErrors();
  return {
    byField: errors,
    summary,
    attempt,
    show: (issues: readonly Issue[]) => showIssues(issues, fieldIdFor),
    /** A problem of the step as a whole, shown in the summary with a link to `fieldId`. */
    showProblem: (fieldId: string, message: string) => showErrors({ [fieldId]: message }),
    clear: clearErrors,
  };
}

/** The indexes of the travellers an issue list names. */
export function travelersWithIssues(issues: Issue[]): Set<number> {
  const indexes = new Set<number>();
  for (const issue of issues) {
    if (issue.path[0] === 'travelers' && typeof issue.path[1] === 'number')
      indexes.add(issue.path[1]);
  }
  return indexes;
}

/** '2 January 2026' for a YYYY-MM-DD date. */
export function formatDate(iso: string): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function travelerName(traveler: Pick<TravelerInput, 'firstName' | 'lastName'>): string {
  return `${traveler.firstName} ${traveler.lastName}`.trim();
}
