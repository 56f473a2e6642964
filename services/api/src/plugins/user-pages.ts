import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LOCALE, type Locale, type PageQueries, type User } from '@waypoint/contracts';
import { withTimeout } from '../lib/timeout';

/** The part of the shell's server build (`pages.json` → `renderer`, from `shell/src/prerender`) used here. */
export interface RenderBuild {
  /**
   * The page at `url` as `user` sees it with `queries` (with `null`, anyone before they are known to be signed in):
   * the HTML of the app's root element.
   */
  renderForUser(
    url: string,
    locale: Locale,
    user: User | null,
    queries: PageQueries,
  ): Promise<string>;
  /** The built page `template` with a render in its root element and its title in `<head>`. */
  composePage(template: string, rendered: string): string;
}

/** The user of the render that makes the build ready (see warm): nobody's data. */
const NOBODY: User = {
  id: 'nobody',
  email: 'nobody@waypoint.invalid',
  firstName: null,
  lastName: null,
  nationality: null,
  role: 'user',
  emailVerified: true,
  hasPassword: true,
  pendingEmail: null,
  secondFactor: 'not-required',
  locale: null,
};

/** The longest a render may take before the page is sent without it (its frame, filled in by the browser). */
export const RENDER_TIMEOUT_MS = 2_000;

/**
 * Renders the pages the portal draws on the server for their signed-in user (My orders), with the shell's server
 * build, loaded on first use. One render at a time: the build's language is global while it renders. Any failure
 * (no build, a render that throws or takes longer than {@link RENDER_TIMEOUT_MS}) answers null, and the caller
 * sends the page everyone gets, which the browser fills in; it is logged, never shown.
 */
export class UserPageRenderer {
  private build: RenderBuild | null | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly file: string | null,
    private readonly log: FastifyBaseLogger,
    private readonly load: (file: string) => RenderBuild = (file) =>
      createRequire(__filename)(file) as RenderBuild,
  ) {}

  private buildOf(): RenderBuild | null {
    if (this.build === undefined) {
      try {
        this.build = this.file ? this.load(this.file) : null;
      } catch (error) {
        this.log.error({ err: error }, 'The server build of the pages could not be loaded');
        this.build = null;
      }
    }
    return this.build;
  }

  /** True when pages can be rendered here (the shell's server build is present and loads). */
  available(): boolean {
    return this.buildOf() !== null;
  }

  /**
   * Loads the build and renders `url` once for nobody, so that the first user's page waits for neither: loading
   * takes about 0.1 s, and a first render as long again, where the renders after it take a few milliseconds.
   * A failure is logged, as a render's would be.
   */
  async warm(url: string): Promise<void> {
    const build = this.buildOf();
    if (!build) return;
    const rendered = this.queue.then(() => build.renderForUser(url, DEFAULT_LOCALE, NOBODY, {}));
    this.queue = rendered.catch(() => undefined);
    try {
      await withTimeout(rendered, RENDER_TIMEOUT_MS, `Rendering ${url} took too long`);
    } catch (error) {
      this.log.error({ err: error, url }, 'The server build of the pages could not render');
    }
  }

  /**
   * `template` (the area's page, with its head) with `url` rendered in it for `user` (null: anyone, see
   * RenderBuild), or null (see the class).
   */
  async render(
    template: string,
    url: string,
    locale: Locale,
    user: User | null,
    queries: PageQueries,
  ): Promise<string | null> {
    const build = this.buildOf();
    if (!build) return null;
    const rendered = this.queue.then(() => build.renderForUser(url, locale, user, queries));
    // The next render starts once this one is over, or has run out of time.
    const bounded = withTimeout(rendered, RENDER_TIMEOUT_MS, `Rendering ${url} took too long`);
    this.queue = bounded.catch(() => undefined);
    try {
      return build.composePage(template, await bounded);
    } catch (error) {
      this.log.error({ err: error, url }, 'A page could not be rendered on the server');
      return null;
    }
  }
}
