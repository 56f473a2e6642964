import type { HelpMessage } from './i18n/catalog';
import { helpTopicPath, type HelpTopicSlug } from './slugs';
import { CONTACT_PATH } from './support';

/** A part of a topic's section: a paragraph, or a list of short items. */
export type HelpBlock = { paragraph: HelpMessage } | { list: readonly HelpMessage[] };

export interface HelpSection {
  heading: HelpMessage;
  blocks: readonly HelpBlock[];
}

/** A link under "Related": another topic (named by its title), or a page of the portal. */
export type HelpLink = { topic: HelpTopicSlug } | { to: string; label: HelpMessage };

export interface HelpTopic {
  slug: HelpTopicSlug;
  title: HelpMessage;
  /** One line, on the index. */
  summary: HelpMessage;
  sections: readonly HelpSection[];
  /** A page the topic leads to, shown as a button under its heading. */
  action?: { to: string; label: HelpMessage };
  related: readonly HelpLink[];
}

const apply: HelpLink = { to: '/application/trip-details', label: 'related.apply' };
const orders: HelpLink = { to: '/orders', label: 'related.orders' };

/**
 * The help centre's content, declared once: the index lists the topics with their summary, and each topic page
 * draws its sections and related links from here. Facts follow the product: the speeds and their hours are the
 * reference data's processing options (services/api/seed/uk-products.json), the photo and passport checks are
 * those of the API's initial review (modules/documents/image-checks.ts), and refunds follow the refund rules
 * (libs/contracts refunds.ts and lifecycle.ts).
 */
export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    slug: 'uk-eta',
    title: 'uk-eta.title',
    summary: 'uk-eta.summary',
    sections: [
      { heading: 'uk-eta.what.heading', blocks: [{ paragraph: 'uk-eta.what.text' }] },
      { heading: 'uk-eta.who.heading', blocks: [{ paragraph: 'uk-eta.who.text' }] },
      {
        heading: 'uk-eta.facts.heading',
        blocks: [
          {
            list: [
              'uk-eta.facts.validity',
              'uk-eta.facts.entries',
              'uk-eta.facts.stay',
              'uk-eta.facts.passport',
            ],
          },
        ],
      },
      { heading: 'uk-eta.decision.heading', blocks: [{ paragraph: 'uk-eta.decision.text' }] },
      { heading: 'uk-eta.fee.heading', blocks: [{ paragraph: 'uk-eta.fee.text' }] },
    ],
    related: [
      { topic: 'visitor-visa' },
      { topic: 'documents' },
      { topic: 'processing-times' },
      apply,
    ],
  },
  {
    slug: 'visitor-visa',
    title: 'visitor-visa.title',
    summary: 'visitor-visa.summary',
    sections: [
      { heading: 'visitor-visa.what.heading', blocks: [{ paragraph: 'visitor-visa.what.text' }] },
      {
        heading: 'visitor-visa.lengths.heading',
        blocks: [{ paragraph: 'visitor-visa.lengths.text' }],
      },
      {
        heading: 'visitor-visa.decision.heading',
        blocks: [{ paragraph: 'visitor-visa.decision.text' }],
      },
      { heading: 'visitor-visa.fee.heading', blocks: [{ paragraph: 'visitor-visa.fee.text' }] },
    ],
    related: [{ topic: 'uk-eta' }, { topic: 'documents' }, { topic: 'processing-times' }, apply],
  },
  {
    slug: 'documents',
    title: 'documents.title',
    summary: 'documents.summary',
    sections: [
      { heading: 'documents.before.heading', blocks: [{ paragraph: 'documents.before.text' }] },
      {
        heading: 'documents.after.heading',
        blocks: [
          { paragraph: 'documents.after.intro' },
          {
            list: [
              'documents.after.contact',
              'documents.after.passportPage',
              'documents.after.photo',
              'documents.after.personal',
              'documents.after.work',
              'documents.after.declaration',
            ],
          },
          { paragraph: 'documents.after.submit' },
        ],
      },
      {
        heading: 'documents.passportPage.heading',
        blocks: [
          { paragraph: 'documents.passportPage.text' },
          { paragraph: 'documents.passportPage.checks' },
        ],
      },
    ],
    related: [{ topic: 'photos' }, { topic: 'processing-times' }, orders],
  },
  {
    slug: 'photos',
    title: 'photos.title',
    summary: 'photos.summary',
    sections: [
      {
        heading: 'photos.rules.heading',
        blocks: [
          {
            list: [
              'photos.rules.frame',
              'photos.rules.head',
              'photos.rules.items',
              'photos.rules.background',
              'photos.rules.recent',
            ],
          },
        ],
      },
      {
        heading: 'photos.checks.heading',
        blocks: [
          { paragraph: 'photos.checks.intro' },
          {
            list: [
              'photos.checks.size',
              'photos.checks.portrait',
              'photos.checks.background',
              'photos.checks.colour',
              'photos.checks.light',
            ],
          },
          { paragraph: 'photos.checks.team' },
        ],
      },
      { heading: 'photos.tips.heading', blocks: [{ paragraph: 'photos.tips.text' }] },
    ],
    related: [{ topic: 'documents' }, orders],
  },
  {
    slug: 'processing-times',
    title: 'processing-times.title',
    summary: 'processing-times.summary',
    sections: [
      {
        heading: 'processing-times.speeds.heading',
        blocks: [
          { paragraph: 'processing-times.speeds.intro' },
          {
            list: [
              'processing-times.speeds.standard',
              'processing-times.speeds.express',
              'processing-times.speeds.superUrgent',
            ],
          },
          { paragraph: 'processing-times.speeds.prices' },
        ],
      },
      {
        heading: 'processing-times.clock.heading',
        blocks: [{ paragraph: 'processing-times.clock.text' }],
      },
      {
        heading: 'processing-times.government.heading',
        blocks: [{ paragraph: 'processing-times.government.text' }],
      },
      {
        heading: 'processing-times.missed.heading',
        blocks: [{ paragraph: 'processing-times.missed.text' }],
      },
    ],
    related: [{ topic: 'refunds' }, { topic: 'uk-eta' }, { topic: 'visitor-visa' }],
  },
  {
    slug: 'refunds',
    title: 'refunds.title',
    summary: 'refunds.summary',
    sections: [
      { heading: 'refunds.before.heading', blocks: [{ paragraph: 'refunds.before.text' }] },
      { heading: 'refunds.after.heading', blocks: [{ paragraph: 'refunds.after.text' }] },
      { heading: 'refunds.how.heading', blocks: [{ paragraph: 'refunds.how.text' }] },
      {
        heading: 'refunds.timing.heading',
        blocks: [{ paragraph: 'refunds.timing.text' }, { paragraph: 'refunds.terms' }],
      },
    ],
    related: [
      { topic: 'processing-times' },
      { to: '/terms#refunds', label: 'related.terms' },
      orders,
    ],
  },
  {
    slug: 'privacy',
    title: 'privacy.title',
    summary: 'privacy.summary',
    sections: [
      {
        heading: 'privacy.short.heading',
        blocks: [
          {
            list: [
              'privacy.short.use',
              'privacy.short.security',
              'privacy.short.documents',
              'privacy.short.records',
              'privacy.short.self',
            ],
          },
          { paragraph: 'privacy.more' },
        ],
      },
    ],
    related: [{ to: '/privacy', label: 'related.privacyNotice' }, { topic: 'documents' }],
  },
  {
    slug: 'contact',
    title: 'contact.title',
    summary: 'contact.summary',
    action: { to: CONTACT_PATH, label: 'contact.form.action' },
    sections: [
      { heading: 'contact.form.heading', blocks: [{ paragraph: 'contact.form.text' }] },
      { heading: 'contact.email.heading', blocks: [{ paragraph: 'contact.email.text' }] },
      { heading: 'contact.hours.heading', blocks: [{ paragraph: 'contact.hours.text' }] },
      {
        heading: 'contact.government.heading',
        blocks: [{ paragraph: 'contact.government.text' }],
      },
    ],
    related: [{ topic: 'refunds' }, { topic: 'documents' }, { topic: 'processing-times' }],
  },
];

/** The topic at `/help/<slug>`, or undefined for an address that names none. */
export function helpTopic(slug: string | undefined): HelpTopic | undefined {
  return HELP_TOPICS.find((topic) => topic.slug === slug);
}

/** Where a related link goes. */
export const hrefOf = (link: HelpLink) => ('topic' in link ? helpTopicPath(link.topic) : link.to);
