import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config, RemoteName } from '../config';
import { sendPrepared } from '../lib/prepared-body';
import { PageSet } from './pages';

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

/** Content-Security-Policy of the pages: only this origin, plus Stripe and remote origins when used. */
export function pageCsp(config: Config): string {
  const remoteOrigins = Object.values(config.remotes)
    .filter((u) => /^https?:\/\//.test(u))
    .map((u) => new URL(u).origin);
  const stripe = config.payments.provider === 'stripe';
  const scriptSrc = ["'self'", ...remoteOrigins, ...(stripe ? ['https://js.stripe.com'] : [])];
  const connectSrc = ["'self'", ...remoteOrigins, ...(stripe ? ['https://api.stripe.com'] : [])];
  const frameSrc = stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"];
  const directives = [
    "default-src 'self'",
    `script-src ${scriptSrc.join(' ')}`,
    `style-src 'self' ${remoteOrigins.join(' ')}`.trim(),
    "img-src 'self' data: blob:",
    "font-src 'self'",
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
const PAGE_FILE = /^\/(?:index\.html(?:\.br|\.gz)?|pages\.json|pages\/.*)$/;

/** True when the built shell is present (the API also runs without front ends, e.g. in API tests). */
export function bundlesAvailable(config: Config): boolean {
  return fs.existsSync(path.join(config.bundles.shell, 'index.html'));
}

/**
 * Serves the built shell at `/` with a history fallback for every page route, each remote under
 * `/remotes/<name>/`, and `/remotes.json` telling the shell where each remote lives.
 *
 * Every file is sent as its Brotli or gzip sibling written by the build when the browser accepts one
 * (`preCompressed`), with `Vary: Accept-Encoding`; otherwise, or when no sibling exists, as is. Pages come from
 * the {@link PageSet}: prerendered HTML where the build wrote it, with the remotes' addresses and the files of
 * the area they need in `<head>`, compressed once at start; `If-None-Match` answers 304.
 */
export async function registerBundles(app: FastifyInstance, config: Config) {
  const pages = new PageSet(config);
  const csp = pageCsp(config);
  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return config.remotes;
  });

  const remotes: RemoteName[] = ['apply', 'account', 'admin'];
  for (const name of remotes) {
    const root = config.bundles[name];
    if (!fs.existsSync(root)) continue;
    await app.register(fastifyStatic, {
      root,
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      wildcard: true,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: setCacheHeaders,
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
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // API calls, remote assets and missing files (a name with an extension) are not pages.
    if (
      pathname.startsWith('/api/') ||
      pathname.startsWith('/remotes/') ||
      /\.[A-Za-z0-9]+$/.test(pathname)
    ) {
      return reply.callNotFound();
    }
    reply.header('content-security-policy', csp);
    return sendPrepared(request, reply, pages.pageFor(pathname), {
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'no-cache',
    });
  });
}
