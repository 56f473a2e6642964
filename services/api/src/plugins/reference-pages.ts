import type { FastifyBaseLogger } from 'fastify';
import { LOCALES, type Locale, type PageQueries } from '@waypoint/contracts';
import { compressAhead, type PreparedBody } from '../lib/prepared-body';
import type { PageSet } from './pages';
import type { UserPageRenderer } from './user-pages';

/** The data each page everyone gets is rendered with, from the reference data in memory (given by app.ts). */
export type ReferencePageQueries<Snapshot extends object> = Record<
  string,
  (snapshot: Snapshot) => PageQueries
>;

interface Rendering {
  /** The page once rendered; null before, or when it could not be. */
  page: PreparedBody | null;
  done: Promise<void>;
}

/**
 * The pages of the reference page queries, rendered on the server with the reference data they show and carrying it,
 * so that the browser's first render shows the same without asking the API for it: no placeholders, no second
 * render once the data arrives, no round trips. One render per page, language, set of pages (remote addresses)
 * and reference snapshot, made in the background (at start, and on the first request after either changes); until
 * it is ready, or when it cannot be made (no server build, a render that fails), the page prerendered at build
 * time is sent, which asks for the data itself. Kept only while its page set and snapshot are in use.
 */
export class ReferencePages<ReferenceSnapshot extends object> {
  private readonly rendered = new WeakMap<
    PageSet,
    WeakMap<ReferenceSnapshot, Map<string, Rendering>>
  >();

  constructor(
    private readonly queries: ReferencePageQueries<ReferenceSnapshot>,
    private readonly renderer: UserPageRenderer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** True for an address the server renders with reference data. */
  has(address: string): boolean {
    return Object.hasOwn(this.queries, address);
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

  /** Renders every page of the queries in every language with `snapshot`, and waits for them. */
  async warm(pages: PageSet, snapshot: ReferenceSnapshot): Promise<void> {
    for (const address of Object.keys(this.queries)) {
      for (const locale of LOCALES) await this.rendering(pages, snapshot, address, locale)?.done;
    }
  }

  private rendering(
    pages: PageSet,
    snapshot: ReferenceSnapshot,
    address: string,
    locale: Locale,
  ): Rendering | null {
    const queriesOf = this.has(address) ? this.queries[address] : undefined;
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
      if (!html) return null;
      const page = pages.dataPage(html, queries);
      // Ready to send compressed before it is offered (see compressAhead).
      await compressAhead([page]);
      return page;
    } catch (error) {
      this.log.error({ err: error, url: address }, 'A page could not be rendered with its data');
      return null;
    }
  }
}
