import { useCallback } from 'react';
import type {
  DraftData,
  DraftReturnBody,
  DraftReturnLinkBody,
  DraftReturnLinkResponse,
  DraftReturnResponse,
} from '@waypoint/contracts';
import { selectCountry, selectVisaType, useAppDispatch } from '@waypoint/platform';
import { api } from '@waypoint/platform/api';
import { applyApi, restoreDraft, type WizardStep } from '../state';
import { reachableStep } from './steps';

/**
 * Save and come back later: e-mailing a link to the saved application, and following one. Following it makes the
 * application this browser's, so the wizard's look-up of the saved application answers it from then on.
 */
export const draftReturnApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestReturnLink: build.mutation<DraftReturnLinkResponse, DraftReturnLinkBody>({
      query: (body) => ({ url: '/drafts/return-link', method: 'POST', body }),
    }),
    claimReturnLink: build.mutation<DraftReturnResponse, DraftReturnBody>({
      query: (body) => ({ url: '/drafts/return', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(applyApi.util.upsertQueryData('getSessionData', undefined, data));
      },
    }),
  }),
});

export const { useRequestReturnLinkMutation, useClaimReturnLinkMutation } = draftReturnApi;

/**
 * Puts a saved application into this tab's wizard, as far as it can go by the journey's rules (a draft saved days
 * ago may hold an arrival date now past), and answers the step to open. Used by Continue Application, by a later
 * step opened in a new tab, and by a return link.
 */
export function useRestoreDraft(): (draft: DraftData) => WizardStep {
  const dispatch = useAppDispatch();
  return useCallback(
    (draft: DraftData) => {
      const reachable = reachableStep(draft);
      dispatch(selectCountry(draft.countryId));
      dispatch(selectVisaType(draft.visaTypeId));
      dispatch(restoreDraft({ ...draft, currentStep: reachable }));
      return reachable;
    },
    [dispatch],
  );
}
