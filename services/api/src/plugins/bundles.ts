import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  negotiateLocale,
  PUBLIC_REMOTE_AREAS,
  REMOTE_AREAS,
  type PageQueries,
} from '@waypoint/contracts';
import type { Config, RemoteName } from '../config';
import { compressAhead, sendPrepared } from '../lib/prepared-body';
import { isStaff } from '../lib/roles';
import type { ErrorPages } from './error-handler';
import { addressOf, PageSet } from './pages';
import type { ServiceContext } from '../lib/context';
import { userOfPageRequest } from './session';
import { ReferencePages, type ReferencePageQueries } from './reference-pages';
import { UserPageRenderer } from './user-pages';
import type { RemoteRegistry } from './remote-registry';

/** Files whose name does not change between builds: browsers must revalidate them. */
const STABLE_NAMES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mf-stats.json']);
const HASHED = /\.[0-9a-f]{8,}\.(?:js|css|woff2?|png|svg|jpg|webp)$/;
/** The precompressed siblings the production build writes beside each file (`main.1a2b3c4d5e.js.br`). */
const ENCODED_SIBLING = /\.(?:br|gz)$/;

/** The flag images (`/flags/<code>.svg`): stable names, but their drawings change rarely, so a month's cache. */
const FLAG_FOLDER = 'flags';

/** The cache rule of a file, decided by the name of the file it encodes when a `.br`/`.gz` sibling is sent. */
function setCacheHeaders(reply: FastifyReply, file: string) {
  const name = path.basename(file).replace(ENCODED_SIBLING, '');
  if (!STABLE_NAMES.has(name) && HASHED.test(name)) {
    reply.header('cache-control', 'public, max-age=31536000, immutable');
  } else if (path.basename(path.dirname(file)) === FLAG_FOLDER) {
    reply.header('cache-control', 'public, max-age=2592000, stale-while-revalidate=86400');
  } else {
    reply.header('cache-control', 'no-cache');
  }
}

/**
 * Content-Security-Policy of the pages: only this origin, plus Stripe and the origins of the given remotes. A
 * traveller's page names the travellers' areas only; the staff area's pages also name the staff area's origin, where
 * its scripts, styles and images come from once a member of staff signs in.
 */
export function pageCsp(config: Config, remotes: Partial<Record<RemoteName, string>>): string {
  const remoteOrigins = [
    ...new Set(
      Object.values(remotes)
        .filter((u) => /^https?:\/\//.test(u))
        .map((u) => new URL(u).origin),
    ),
  ];
  const stripe = config.payments.provider === 'stripe';
  const scriptSrc = ["'self'", ...remoteOrigins, ...(stripe ? ['https://js.stripe.com'] : [])];
  const connectSrc = ["'self'", ...remoteOrigins, ...(stripe ? ['https://api.stripe.com'] : [])];
  const frameSrc = stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"];
  const directives = [
    "default-src 'self'",
    `script-src ${scriptSrc.join(' ')}`,
    `style-src 'self' ${remoteOrigins.join(' ')}`.trim(),
    `img-src 'self' data: blob: ${remoteOrigins.join(' ')}`.trim(),
    `font-src 'self' ${remoteOrigins.join(' ')}`.trim(),
    `connect-src ${connectSrc.join(' ')}`,
    `frame-src ${frameSrc.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(config.isProduction ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/** The shell's page files, sent only through the page routes (with their head additions), never by name. */
const PAGE_FILE = /^\/(?:index\.html(?:\.br|\.gz)?|(?:pages|boot)\.json(?:\.br|\.gz)?|pages\/.*)$/;

/** A file's address: a name with an extension (the pages' addresses have none). */
const FILE_ADDRESS = /\.[A-Za-z0-9]+$/;

/**
 * True for a request for one of the built files (scripts, stylesheets, fonts, images, `remotes.json`) rather than
 * a page or an API call: what a page already on its way to the browser asks for next.
 */
export function isFileRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? '/';
  return !pathname.startsWith('/api/') && FILE_ADDRESS.test(pathname);
}

/** True for the address of a page of the app: not an API call, a remote's or a release's file, nor a file. */
function isPageAddress(pathname: string): boolean {
  return !(
    pathname.startsWith('/api/') ||
    pathname.startsWith('/remotes/') ||
    pathname.startsWith('/releases/') ||
    FILE_ADDRESS.test(pathname)
  );
}

/** True for a browser's visit to a page (not a script's call, which asks for JSON). */
function isPageVisit(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    accept.includes('text/html') &&
    isPageAddress(request.url.split('?')[0] ?? '/')
  );
}

/** True when the built shell is present (the API also runs without front ends, e.g. in API tests). */
export function bundlesAvailable(config: Config): boolean {
  return fs.existsSync(path.join(config.bundles.shell, 'index.html'));
}

/** Static-file options shared by every bundle folder. */
const BUNDLE_FILES = {
  decorateReply: false,
  wildcard: true,
  index: false,
  cacheControl: false,
  preCompressed: true,
  setHeaders: setCacheHeaders,
} as const;

/**
 * The pages the server renders for their signed-in user, with the data each shows (the replies of the calls it
 * would make); anyone else gets the page everyone gets. And the pages everyone gets that are rendered with the
 * reference data in memory. The modules provide both (app.ts): the plugin knows no module.
 */
export interface RenderedPages {
  user: Record<string, (ctx: ServiceContext, userId: string) => Promise<PageQueries>>;
  reference: ReferencePageQueries<ReferenceSnapshotOf>;
}

/** The reference data in memory, as the app's reference cache holds it. */
type ReferenceSnapshotOf = NonNullable<FastifyInstance['referenceCache']['current']>;

/** Only for the user it carries: never stored by a shared cache, nor kept after they sign out. */
const PRIVATE_PAGE = {
  'cache-control': 'private, no-store',
  vary: 'cookie, accept-language',
} as const;

/** The pages and their policies for the remote addresses in use, swapped whole when the registry changes. */
function pagesFor(config: Config, registry: RemoteRegistry) {
  return {
    pages: new PageSet(config, registry.publicEntries(), registry.current().admin),
    // Where the staff area is deployed is told to staff only, so travellers' pages do not name it in their policy.
    travellerCsp: pageCsp(config, registry.publicEntries()),
    staffCsp: pageCsp(config, registry.current()),
  };
}

/**
 * Serves the built shell at `/` with a history fallback for every page route, each remote under
 * `/remotes/<name>/`, the released versions of each area under `/releases/<area>/<version>/`, and
 * `/remotes.json` telling the shell where the travellers' remotes live (the staff area's address is given only
 * to staff, by `GET /api/admin/remote`). In production the staff area's bundle is not served here at all: it
 * lives on its own origin.
 *
 * Every file is sent as its Brotli or gzip sibling written by the build when the browser accepts one
 * (`preCompressed`), with `Vary: Accept-Encoding`; otherwise, or when no sibling exists, as is. Pages come from
 * the {@link PageSet}: prerendered HTML where the build wrote it, with the remotes' addresses and the files of
 * the area they need in `<head>`, compressed once at start; `If-None-Match` answers 304. A staff page sent to a
 * member of staff past the second factor, and the user pages of {@link RenderedPages} sent to a user whose session may
 * act, are theirs alone: the staff frame, or the page rendered for them with their data, carrying that user
 * (see {@link UserPageRenderer}). The wizard's first step is sent rendered with the reference data it shows, and
 * carrying it, once that render is ready (see {@link ReferencePages}).
 */
export async function registerBundles(
  app: FastifyInstance,
  config: Config,
  rendered: RenderedPages,
  errorPages: ErrorPages,
) {
  const USER_PAGES = rendered.user;
  const registry = app.remotes;
  let served = pagesFor(config, registry);
  // The shell's server build does not change while the server runs (a new shell is a new deployment). It is made
  // ready once the server listens, in the background, so the first user's page does not wait for it.
  const renderer = new UserPageRenderer(served.pages.renderer, app.log);
  const referencePages = new ReferencePages(rendered.reference, renderer, app.log);
  let closing = false;
  app.addHook('onListen', async () => {
    setImmediate(() => {
      // The pages' compressed forms, made now rather than for the first visitor of each (Brotli at its highest
      // level takes tens of milliseconds a page).
      void compressAhead(served.pages.preparedBodies(), () => closing);
      for (const address of Object.keys(USER_PAGES)) void renderer.warm(address);
      // The first visitors get the wizard's first step with its data: rendered now, once the data is loaded.
      app.referenceCache.get().then(
        (snapshot) => referencePages.warm(served.pages, snapshot),
        // The database away: the prerendered page until the data is loaded (the first call for it loads it).
        () => undefined,
      );
    });
  });
  /** The reference data in memory; when none is loaded yet, its load starts (the page goes without it meanwhile). */
  const referenceInMemory = () => {
    const current = app.referenceCache.current;
    if (!current) app.referenceCache.get().catch(() => undefined);
    return current;
  };
  const unsubscribe = registry.onChange(() => {
    served = pagesFor(config, registry);
    void compressAhead(served.pages.preparedBodies(), () => closing);
  });
  app.addHook('onClose', async () => {
    closing = true;
    unsubscribe();
  });
  // A browser visiting a page while the server cannot take new work (shed under load, restarting, its records out
  // of reach) gets a page saying so in its language, which tries again by itself, rather than the JSON reply.
  errorPages.use((request, reply, status, messageKey) => {
    if (status !== 503 || !isPageVisit(request)) return false;
    const locale = negotiateLocale({
      cookie: request.headers.cookie,
      acceptLanguage: request.headers['accept-language'],
    });
    const busy = served.pages.busyPage(messageKey, locale);
    if (!busy) return false;
    reply
      .header('content-security-policy', served.travellerCsp)
      .header('content-language', busy.locale);
    void sendPrepared(request, reply, busy.page, {
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'no-store',
      varyAlso: 'cookie, accept-language',
      status,
    });
    return true;
  });
  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return registry.publicEntries();
  });

  // In production the staff area lives on its own origin: neither its build nor its releases are served here.
  for (const name of config.isProduction ? PUBLIC_REMOTE_AREAS : REMOTE_AREAS) {
    const build = config.bundles[name];
    if (fs.existsSync(build)) {
      await app.register(fastifyStatic, {
        ...BUNDLE_FILES,
        root: build,
        prefix: `/remotes/${name}/`,
      });
    }
    // A release may be written after the server started (an area's first release goes live without a restart).
    await app.register(fastifyStatic, {
      ...BUNDLE_FILES,
      root: path.join(config.bundles.releases, name),
      prefix: `/releases/${name}/`,
      suppressWarning: true,
    });
  }

  await app.register(fastifyStatic, {
    root: config.bundles.shell,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: setCacheHeaders,
    // Every file of the shell's dist (found at start) except the pages, which go through the PageSet.
    allowedPath: (pathname) => !PAGE_FILE.test(pathname),
  });
  // History fallback: every path that is not a file, an API call or a remote asset is a page of the app.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // API calls, remote assets and missing files (a name with an extension) are not pages.
    if (!isPageAddress(pathname)) {
      reply.callNotFound();
      return reply;
    }
    const { pages, travellerCsp, staffCsp } = served;
    // The page's language: the traveller's kept choice, else their browser's (addresses carry no language).
    const locale = negotiateLocale({
      cookie: request.headers.cookie,
      acceptLanguage: request.headers['accept-language'],
    });
    const isStaffPage = pages.isStaffPage(pathname);
    reply
      .header('content-security-policy', isStaffPage ? staffCsp : travellerCsp)
      .header('content-language', locale);
    const address = addressOf(pathname);
    const queriesOf = Object.hasOwn(USER_PAGES, address) ? USER_PAGES[address] : undefined;
    const user =
      isStaffPage || (queriesOf && renderer.available())
        ? await userOfPageRequest(app, request)
        : null;
    // Compressed as they are sent (they carry their user), like the API's replies. In the user's own language
    // when they chose one: the page then starts in it, as their profile would switch it.
    const ownLocale = user?.locale ?? locale;
    if (user && isStaffPage && isStaff(user.role)) {
      return reply
        .type('text/html; charset=utf-8')
        .headers(PRIVATE_PAGE)
        .header('content-language', ownLocale)
        .send(pages.staffPage(request.url, ownLocale, user));
    }
    if (user && queriesOf) {
      const html = await queriesOf(app.ctx, user.id)
        .then((queries) =>
          renderer
            .render(pages.areaTemplate(pathname, ownLocale), request.url, ownLocale, user, queries)
            .then((rendered) => (rendered ? pages.userPage(rendered, user, queries) : null)),
        )
        // Without its data (the database away), the page everyone gets: the browser asks again.
        .catch(() => null);
      if (html) {
        return reply
          .type('text/html; charset=utf-8')
          .headers(PRIVATE_PAGE)
          .header('content-language', ownLocale)
          .send(html);
      }
    }
    // A page everyone gets that shows reference data: rendered with it once ready (see ReferencePages).
    const snapshot = referencePages.has(address) ? referenceInMemory() : null;
    const withData = snapshot ? referencePages.page(pages, snapshot, address, locale) : null;
    // A page rendered for its user shows what its query asks for (a tab of My orders): its frame, prerendered
    // without one, would not match what the browser draws for it, so such an address gets the empty page.
    const page =
      queriesOf && request.url.includes('?')
        ? pages.templateFor(pathname, locale)
        : pages.pageFor(pathname, locale);
    return sendPrepared(request, reply, withData ?? page, {
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
      varyAlso: 'cookie, accept-language',
    });
  });
}
