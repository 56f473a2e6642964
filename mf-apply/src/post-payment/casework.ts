import {
  changesLeft,
  type ApplicationDetail,
  type ChangeRequest,
  type ChangeRequestItem,
  type ChangeSection,
} from '@waypoint/contracts';
import { usePostPayment } from './context';
import type { PostPaymentT } from './i18n/catalog';
import { travelerTitle } from './sections';

/**
 * The changes staff asked for while the order waits for them (CHANGES_REQUESTED), or null at any other status.
 * An order waiting for changes whose request the API did not send has none listed: nothing can be changed.
 */
export function requestedChanges(application: ApplicationDetail): ChangeRequest | null {
  if (application.status !== 'CHANGES_REQUESTED') return null;
  const request = application.changeRequest;
  if (request && !request.resubmittedAt) return request;
  return { requestedAt: '', resubmittedAt: null, items: [] };
}

/** The change asked for of a section: of a traveller, or (travellerId null) of the whole order. */
export function changeOf(
  request: ChangeRequest | null,
  section: ChangeSection,
  travelerId: string | null,
): ChangeRequestItem | null {
  return (
    request?.items.find(
      (item) => item.section === section && (item.travelerId ?? null) === travelerId,
    ) ?? null
  );
}

/** What a page may do with its section: change it or only read it, and the change asked for, if any. */
export interface SectionAccess {
  readOnly: boolean;
  /** The change staff asked for on this section, while the order waits for changes. */
  change: ChangeRequestItem | null;
}

/**
 * Whether the section can be changed now: while the order waits for changes only the sections and documents staff
 * asked for can; otherwise, while the order is editable.
 */
export function useSectionAccess(section: ChangeSection, travelerId: string | null): SectionAccess {
  const { readOnly, changes } = usePostPayment();
  if (!changes) return { readOnly, change: null };
  const change = changeOf(changes, section, travelerId);
  return { readOnly: change === null, change };
}

export { changesLeft };

/** A change as a list names it: "Applicant's photo for Ann Lee", or the section alone for the order's own. */
export function changeLabel(
  t: PostPaymentT,
  application: ApplicationDetail,
  change: Pick<ChangeRequestItem, 'section' | 'travelerId'>,
): string {
  const section = t(`section.${change.section}.heading`);
  const traveler = change.travelerId
    ? application.travelers.find((person) => person.id === change.travelerId)
    : undefined;
  return traveler
    ? t('changes.item.traveler', { section, traveler: travelerTitle(t, application, traveler) })
    : section;
}
