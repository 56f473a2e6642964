import type { RenewalPrefill } from '@waypoint/contracts';
import { selectCountry, selectVisaType, type AppDispatch } from '@waypoint/platform';
import { dismissBanner, startNewApplication, updateTraveler } from '../state';

/**
 * A new application started from a reminder's link (`/renew?token=…`): a fresh wizard holding what the traveller
 * gave last time, entered through the wizard's own actions as if they had typed it. Their nationality and product
 * on the first step, their name, date of birth and e-mail as traveller 1. The passport is left for them: the
 * reminder may be about that passport expiring.
 *
 * The "already started" offer is closed, so a saved application cannot replace these details by mistake.
 */
export function prefillFromRenewal(dispatch: AppDispatch, prefill: RenewalPrefill): void {
  dispatch(startNewApplication());
  dispatch(selectCountry(prefill.countryCode));
  dispatch(selectVisaType(prefill.visaTypeId));
  const { firstName, lastName, dateOfBirth } = prefill.traveler;
  dispatch(
    updateTraveler({
      index: 0,
      changes: { firstName, lastName, dateOfBirth, email: prefill.email },
    }),
  );
  dispatch(dismissBanner());
}

/**
 * The router state the renewal page leaves on its way to the wizard's first step
 * (`navigate(stepPath(1), { state: renewalNoticeState })`), so that step says where its details came from.
 */
export const renewalNoticeState = { notice: 'renewal-prefilled' } as const;

export function isRenewalNoticeState(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { notice?: unknown }).notice === renewalNoticeState.notice
  );
}
