/**
 * The help centre's topics by address (`/help/<slug>`), in the order the index lists them. Kept apart from the
 * topics' content so that the routes and the prerender list can name the pages without downloading them.
 */
export const HELP_TOPIC_SLUGS = [
  'uk-eta',
  'visitor-visa',
  'documents',
  'photos',
  'processing-times',
  'refunds',
  'privacy',
  'contact',
] as const;

export type HelpTopicSlug = (typeof HELP_TOPIC_SLUGS)[number];

/** The address of a help topic. */
export const helpTopicPath = (slug: HelpTopicSlug) => `/help/${slug}`;
