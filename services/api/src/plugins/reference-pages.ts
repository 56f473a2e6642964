import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_COUNTRY_ID,
  LOCALES,
  type CountriesResponse,
  type Locale,
  type PageQueries,
  type ProcessingOptionsResponse,
  type VisaTypesResponse,
} from '@waypoint/contracts';
import type { PreparedBody } from '../lib/prepared-body';
import type { ReferenceSnapshot } from '../modules/reference/reference.cache';
import {
  countriesReply,
  optionsReply,
  visaTypesReply,
} from '../modules/reference/reference.routes';
import type { PageSet } from './pages';
import type { UserPageRenderer } from './user-pages';

/** A reply's data as the browser's API client keeps it (the envelope's `data`), parsed from the bytes it is sent as. */
function dataOf<T>(reply: PreparedBody): T {
  return (JSON.parse(reply.body.toString('utf8')) as { data: T }).data;
}

/**
 * What the first step of the wizard shows before anything is chosen (as the browser resolves it: the default
 * nationality, else the first, and that nationality's first visa type): every country, that nationality's visa
 * types and the first type's processing options. Visa types only once prices are known (until then the API
 * refuses them, and the browser shows why).
 */
export function tripDetailsQueries(snapshot: ReferenceSnapshot): PageQueries {
  const countries = dataOf<CountriesResponse>(countriesReply(snapshot));
  const queries: PageQueries = { getCountries: countries };
  const countryId = countries.some((country) => country.id === DEFAULT_COUNTRY_ID)
    ? DEFAULT_COUNTRY_ID
    : countries[0]?.id;
  const types = countryId && snapshot.data.rate ? visaTypesReply(snapshot, countryId) : null;
  if (!countryId || !types) return queries;
  const reply = dataOf<VisaTypesResponse>(types);
  queries.getVisaTypes = { countryId, reply };
  const first = reply.visaTypes[0];
  const options = first ? optionsReply(snapshot, first.id) : null;
  if (first && options) {
    queries.getProcessingOptions = {
      visaTypeId: first.id,
      reply: dataOf<ProcessingOptionsResponse>(options),
    };
  }
  return queries;
}

/** The pages everyone gets that the server renders with the reference data they show, and that data. */
export const REFERENCE_PAGES: Record<string, (snapshot: ReferenceSnapshot) => PageQueries> = {
  '/application/trip-details': tripDetailsQueries,
};

interface Rendering {
  /** The page once rendered; null before, or when it could not be. */
  page: PreparedBody | null;
  done: Promise<void>;
}

/**
 * The pages of {@link REFERENCE_PAGES}, rendered on the server with the reference data they show and carrying it,
 * so that the browser's first render shows the same without asking the API for it: no placeholders, no second
 * render once the data arrives, no round trips. One render per page, language, set of pages (remote addresses)
 * and reference snapshot, made in the background (at start, and on the first request after either changes); until
 * it is ready, or when it cannot be made (no server build, a render that fails), the page prerendered at build
 * time is sent, which asks for the data itself. Kept only while its page set and snapshot are in use.
 */
export class ReferencePages {
  private readonly rendered = new WeakMap<
    PageSet,
    WeakMap<ReferenceSnapshot, Map<string, Rendering>>
  >();

  constructor(
    private readonly renderer: UserPageRenderer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** True for an address the server renders with reference data. */
  static has(address: string): boolean {
    return Object.hasOwn(REFERENCE_PAGES, address);
  }

  /** The page at `address` in `locale` rendered with `snapshot` when it is ready, else null (see the class). */
  page(
    pages: PageSet,
    snapshot: ReferenceSnapshot,
    address: string,
    locale: Locale,
  ): PreparedBody | null {
    return this.rendering(pages, snapshot, address, locale)?.page ?? null;
  }

  /** Renders every page of {@link REFERENCE_PAGES} in every language with `snapshot`, and waits for them. */
  async warm(pages: PageSet, snapshot: ReferenceSnapshot): Promise<void> {
    for (const address of Object.keys(REFERENCE_PAGES)) {
      for (const locale of LOCALES) await this.rendering(pages, snapshot, address, locale)?.done;
    }
  }

  private rendering(
    pages: PageSet,
    snapshot: ReferenceSnapshot,
    address: string,
    locale: Locale,
  ): Rendering | null {
    const queriesOf = ReferencePages.has(address) ? REFERENCE_PAGES[address] : undefined;
    if (!queriesOf || !this.renderer.available()) return null;
    let bySnapshot = this.rendered.get(pages);
    if (!bySnapshot) {
      bySnapshot = new WeakMap();
      this.rendered.set(pages, bySnapshot);
    }
    let byPage = bySnapshot.get(snapshot);
    if (!byPage) {
      byPage = new Map();
      bySnapshot.set(snapshot, byPage);
    }
    const key = `${locale} ${address}`;
    let found = byPage.get(key);
    if (!found) {
      const rendering: Rendering = { page: null, done: Promise.resolve() };
      rendering.done = this.render(pages, queriesOf, snapshot, address, locale).then((page) => {
        rendering.page = page;
      });
      byPage.set(key, rendering);
      found = rendering;
    }
    return found;
  }

  private async render(
    pages: PageSet,
    queriesOf: (snapshot: ReferenceSnapshot) => PageQueries,
    snapshot: ReferenceSnapshot,
    address: string,
    locale: Locale,
  ): Promise<PreparedBody | null> {
    try {
      const queries = queriesOf(snapshot);
      const html = await this.renderer.render(
        pages.areaTemplate(address, locale),
        address,
        locale,
        null,
        queries,
      );
      return html ? pages.dataPage(html, queries) : null;
    } catch (error) {
      this.log.error({ err: error, url: address }, 'A page could not be rendered with its data');
      return null;
    }
  }
}
