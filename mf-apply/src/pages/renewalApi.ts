import type { ReminderTokenBody, RenewalPrefill } from '@waypoint/contracts';
import { api } from '@waypoint/platform/api';

/** The call of a reminder e-mail's "Start a new application" link, which works without signing in. */
export const renewalApi = api.injectEndpoints({
  endpoints: (build) => ({
    renewalPrefill: build.mutation<RenewalPrefill, ReminderTokenBody>({
      query: (body) => ({ url: '/reminders/renewal', method: 'POST', body }),
    }),
  }),
});

export const { useRenewalPrefillMutation } = renewalApi;
