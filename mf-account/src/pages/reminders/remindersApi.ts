import type { ReminderTokenBody, UnsubscribeResponse } from '@waypoint/contracts';
import { api } from '@waypoint/platform/api';

/** The calls of a reminder e-mail's links, which work without signing in; added to the one API slice. */
export const remindersApi = api.injectEndpoints({
  endpoints: (build) => ({
    unsubscribeReminders: build.mutation<UnsubscribeResponse, ReminderTokenBody>({
      query: (body) => ({ url: '/reminders/unsubscribe', method: 'POST', body }),
    }),
  }),
});

export const { useUnsubscribeRemindersMutation } = remindersApi;
