import type { RenewalPrefill } from '@waypoint/contracts';
import {
  createAppStore,
  selectSelectedCountryId,
  selectSelectedVisaTypeId,
} from '@waypoint/platform';
import { APPLY_STORAGE_KEY, initialApplyState, selectApply, type ApplyState } from '../state';
import { isRenewalNoticeState, prefillFromRenewal, renewalNoticeState } from './renewal';

const prefill: RenewalPrefill = {
  countryCode: 'FR',
  visaTypeId: 'uk-visitor',
  email: 'ada@example.com',
  traveler: { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10' },
};

/** A wizard well under way in this tab: two travellers with passports, an arrival date, an option. */
const underWay: ApplyState = {
  ...initialApplyState,
  currentStep: 4,
  hasPlannedDates: true,
  arrivalDate: '2030-06-01',
  travelers: [
    {
      firstName: 'Grace',
      lastName: 'Hopper',
      dateOfBirth: '1980-01-02',
      email: 'grace@example.com',
      passport: {
        nationality: 'US',
        number: 'X1234567',
        expirationDate: '2033-05-01',
        hasSecondNationality: false,
        addLater: false,
      },
    },
    { firstName: 'Bo', lastName: 'Hopper', dateOfBirth: '2015-03-04' },
  ],
  selectedProcessingOption: 'fast',
  checkoutKey: { key: 'k1', fingerprint: 'f1' },
};

function storeWith(wizard: ApplyState | null) {
  window.sessionStorage.clear();
  if (wizard) window.sessionStorage.setItem(APPLY_STORAGE_KEY, JSON.stringify(wizard));
  return createAppStore({ storage: null });
}

describe("a new application from a reminder's link", () => {
  it('starts a fresh wizard with the nationality, the product and traveller 1 filled in, and no passport', () => {
    const store = storeWith(underWay);
    expect(selectApply(store.getState()).currentStep).toBe(4);
    prefillFromRenewal(store.dispatch, prefill);

    const state = store.getState();
    expect(selectSelectedCountryId(state)).toBe('FR');
    expect(selectSelectedVisaTypeId(state)).toBe('uk-visitor');
    expect(selectApply(state)).toEqual({
      ...initialApplyState,
      currentStep: 1,
      // As the wizard's own reset leaves it.
      hasPlannedDates: false,
      arrivalDate: '',
      travelers: [
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          dateOfBirth: '1990-12-10',
          email: 'ada@example.com',
        },
      ],
      selectedProcessingOption: null,
      checkoutKey: null,
      // A saved application is not offered in place of these details.
      bannerDismissed: true,
      confirmation: null,
    });
  });

  it('fills in a wizard that had not started in the same way', () => {
    const store = storeWith(null);
    prefillFromRenewal(store.dispatch, prefill);
    expect(selectApply(store.getState()).travelers).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        dateOfBirth: '1990-12-10',
        email: 'ada@example.com',
      },
    ]);
    expect(selectApply(store.getState()).currentStep).toBe(1);
  });

  it('recognises the router state that asks the first step for its notice', () => {
    expect(isRenewalNoticeState(renewalNoticeState)).toBe(true);
    expect(isRenewalNoticeState({ notice: 'account-deleted' })).toBe(false);
    expect(isRenewalNoticeState(null)).toBe(false);
    expect(isRenewalNoticeState('renewal-prefilled')).toBe(false);
  });
});
