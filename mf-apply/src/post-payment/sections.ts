import {
  answeredByParent,
  TRAVELER_SECTIONS,
  travelerSectionsOf,
  type ApplicationDetail,
  type TravelerDetail,
  type TravelerSectionSlug,
} from '@waypoint/contracts';
import type { PostPaymentT } from './i18n/catalog';

/** A traveller's sections (pages, names, kinds) come from the post-payment journey in the contracts. */
export { SECTION_KEY, TRAVELER_SECTIONS, type TravelerSectionSlug } from '@waypoint/contracts';

/**
 * The sections asked of a traveller of this order, in order: the journey's, without those a parent or guardian is
 * not asked for a traveller under 16 on the arrival date (the work questions).
 */
export function askedSections(application: ApplicationDetail, traveler: TravelerDetail) {
  return travelerSectionsOf(traveler, application.arrivalDate);
}

/** True when a parent or guardian answers for this traveller (under 16 on the arrival date, or today). */
export function parentAnswers(application: ApplicationDetail, traveler: TravelerDetail): boolean {
  return answeredByParent(traveler.dateOfBirth, application.arrivalDate);
}

export function applicationBase(id: string): string {
  return `/application/${encodeURIComponent(id)}`;
}

export function travelerPath(id: string, travelerId: string, slug: TravelerSectionSlug): string {
  return `${applicationBase(id)}/travelers/${encodeURIComponent(travelerId)}/${slug}`;
}

export function generalInfoPath(id: string): string {
  return `${applicationBase(id)}/general-info`;
}

export function reviewPath(id: string): string {
  return `${applicationBase(id)}/review`;
}

/** The query a "Change" link on the review page adds, so the section returns there once saved. */
export const RETURN_TO_REVIEW = 'return=review';

/** A section's page opened from "Check your answers": Save & Continue and Back lead back to the review. */
export function changePath(path: string): string {
  return `${path}?${RETURN_TO_REVIEW}`;
}

/** True when the page was opened by a "Change" link of the review page. */
export function returnsToReview(search: string): boolean {
  return new URLSearchParams(search).get('return') === 'review';
}

/** Every page of the post-payment flow in order: general info, each traveller's sections, then review. */
export function flowPaths(application: ApplicationDetail): string[] {
  return [
    generalInfoPath(application.id),
    ...application.travelers.flatMap((traveler) =>
      askedSections(application, traveler).map((section) =>
        travelerPath(application.id, traveler.id, section.slug),
      ),
    ),
    reviewPath(application.id),
  ];
}

function neighbour(application: ApplicationDetail, current: string, step: 1 | -1): string | null {
  const paths = flowPaths(application);
  const index = paths.indexOf(current);
  if (index < 0) return null;
  return paths[index + step] ?? null;
}

/** The page after `current` (a path from {@link flowPaths}). */
export function nextPath(application: ApplicationDetail, current: string): string {
  return neighbour(application, current, 1) ?? reviewPath(application.id);
}

/**
 * Where the page of a section not asked of this traveller leads instead: the next page of the flow after it (the
 * section's place among all of the traveller's sections), so an old link or bookmark still lands in the journey.
 */
export function pathInsteadOf(
  application: ApplicationDetail,
  traveler: TravelerDetail,
  slug: TravelerSectionSlug,
): string {
  const all = TRAVELER_SECTIONS.map((section) => section.slug);
  const asked = new Set(askedSections(application, traveler).map((section) => section.slug));
  const after = all.slice(all.indexOf(slug) + 1).find((next) => asked.has(next));
  if (after) return travelerPath(application.id, traveler.id, after);
  // The traveller's last section: the next traveller's first, else the review.
  const index = application.travelers.findIndex((t) => t.id === traveler.id);
  const following = application.travelers[index + 1];
  if (!following) return reviewPath(application.id);
  const first = askedSections(application, following)[0];
  return first
    ? travelerPath(application.id, following.id, first.slug)
    : reviewPath(application.id);
}

/** The page before `current`, or null on the first page. */
export function previousPath(application: ApplicationDetail, current: string): string | null {
  return neighbour(application, current, -1);
}

export function travelerName(traveler: TravelerDetail): string {
  return `${traveler.firstName} ${traveler.lastName}`.trim();
}

/** 'Traveler 1 – Ann Lee' when there are several travellers, otherwise just the name. */
export function travelerTitle(
  t: PostPaymentT,
  application: ApplicationDetail,
  traveler: TravelerDetail,
): string {
  const name = travelerName(traveler);
  const { position } = traveler;
  if (application.travelers.length < 2) return name || t('traveler.unnamed');
  return name
    ? t('traveler.numberedName', { position, name })
    : t('traveler.numbered', { position });
}
