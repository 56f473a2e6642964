import { createContext, useContext, useEffect, useRef } from 'react';
import type { ApplicationDetail, ChangeRequest, TravelerDetail } from '@waypoint/contracts';
import { PostPaymentText } from '@waypoint/contracts';
import { useParams } from '@waypoint/platform';

/** What a page's save reports to Save & Exit. */
export type SaveOutcome = 'saved' | 'invalid' | 'failed';
export type PageSave = () => Promise<SaveOutcome>;

export interface PostPaymentContextValue {
  application: ApplicationDetail;
  /**
   * True when the order as a whole can no longer be changed. While it waits for changes staff asked for, only
   * those sections can (see `useSectionAccess`).
   */
  readOnly: boolean;
  /** The changes staff asked for, while the order waits for them (CHANGES_REQUESTED); null otherwise. */
  changes: ChangeRequest | null;
  /** The current page's save, run by Save & Exit. */
  saveRef: { current: PageSave | null };
  /** Whether live events arrive (changes to the application are then fetched as they happen). */
  live: boolean;
}

export const PostPaymentContext = createContext<PostPaymentContextValue | null>(null);

export function usePostPayment(): PostPaymentContextValue {
  const value = useContext(PostPaymentContext);
  if (!value) throw new Error('usePostPayment is used outside the post-payment layout');
  return value;
}

/** Lets Save & Exit save what this page holds; always calls the latest `save`. */
export function useRegisterSave(save: PageSave) {
  const { saveRef } = usePostPayment();
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => {
    const run: PageSave = () => latest.current();
    saveRef.current = run;
    return () => {
      if (saveRef.current === run) saveRef.current = null;
    };
  }, [saveRef]);
}

/** The traveller of the URL (`travelers/:travelerId/...`), or traveller 1 on the spec's short paths. */
export function useTraveler(): { traveler: TravelerDetail | null; error: string | null } {
  const { application } = usePostPayment();
  const { travelerId } = useParams();
  const traveler = travelerId
    ? application.travelers.find((t) => t.id === travelerId)
    : application.travelers[0];
  return traveler
    ? { traveler, error: null }
    : { traveler: null, error: PostPaymentText.unknownTraveler };
}
