import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_LOCALE,
  DEFAULT_SUPPORT_EMAIL,
  directionOf,
  languageTag,
  LOCALES,
  BOOT_SCRIPTS_META_NAME,
  PAGE_QUERIES_ID,
  REMOTES_META_NAME,
  SIGNED_IN_USER_ID,
  SUPPORT_META_NAME,
  type Locale,
  type PageQueries,
  type PublicRemotes,
  type User,
} from '@waypoint/contracts';
import type { Config, RemoteName } from '../config';
import { RETRY_AFTER_SECONDS } from './error-handler';
import { PreparedBody } from '../lib/prepared-body';
import { localFileOf } from './remote-registry';

/** What the shell's build writes beside its pages (`dist/pages.json`). */
interface PagesManifest {
  /** The empty page every address without prerendered HTML gets. */
  template: string;
  /** Prerendered addresses and their file in each language (`/terms` → `{ en: 'pages/en/terms.html', … }`). */
  pages: Record<string, Partial<Record<Locale, string>>>;
  /** The staff area's pages, rendered for a signed-in member of staff, sent to such a session only. */
  staffPages?: Record<string, Partial<Record<Locale, string>>>;
  /**
   * The pages sent in place of a page while the server cannot take new work, by the reason's message key
   * (`availability.overloaded` → `{ en: 'pages/en/busy-overloaded.html', … }`): they run no script.
   */
  busyPages?: Record<string, Partial<Record<Locale, string>>>;
  /** Which remote draws the pages under each top-level path (`application` → `apply`). */
  mounts: Record<string, RemoteName>;
  /** The shell's server build, which renders pages for their signed-in user (see user-pages.ts). */
  renderer?: string;
}

/** The part of a remote's `mf-manifest.json` that says which files its routes need. */
interface FederationManifest {
  exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * The `<link>` elements that fetch a remote's files together with the page rather than once the shell runs: its
 * manifest, and the stylesheet of its routes (linked, so a prerendered page of the remote is styled at first
 * paint). The stylesheet only for a remote served by this server (its build or one of its releases), whose
 * manifest can be read here.
 */
function remoteHints(config: Config, manifestUrl: string): string {
  const file = localFileOf(config, manifestUrl);
  const manifest = file ? readJson<FederationManifest>(file) : null;
  const links = [
    `<link rel="preload" href="${escapeAttribute(manifestUrl)}" as="fetch" crossorigin="anonymous">`,
  ];
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const routes = manifest?.exposes?.find((expose) => expose.path === './routes');
  // `data-href` is the file's name as the area's build knows it: its stylesheet loader finds the link by it and
  // does not link the same sheet again when the area's code arrives (the shell's federation runtime plugin keeps
  // the runtime from doing so either).
  for (const css of routes?.assets?.css?.sync ?? []) {
    links.push(
      `<link rel="stylesheet" href="${escapeAttribute(base + css)}" data-href="${escapeAttribute(css)}">`,
    );
  }
  // Scripts are not preloaded: a script preload that failed (the remote briefly down) is what the browser
  // hands the runtime's later request for the same file, so Try again could never load the area.
  return links.join('');
}

/**
 * The scripts the shell downloads before it can draw anything (`dist/boot.json`, written by its build), named in the
 * page ({@link BOOT_SCRIPTS_META_NAME}): the shell's entry asks for them all at once as it starts, instead of
 * discovering each one as the one before it runs. They are the shell's own files, served with the page, unlike a
 * remote's scripts (see remoteHints).
 */
function bootHints(shellDir: string): string {
  const boot = readJson<{ scripts?: unknown }>(path.join(shellDir, 'boot.json'));
  const scripts = (Array.isArray(boot?.scripts) ? boot.scripts : []).filter(
    (script): script is string => typeof script === 'string' && script.startsWith('/'),
  );
  return scripts.length > 0
    ? `<meta name="${BOOT_SCRIPTS_META_NAME}" content="${escapeAttribute(JSON.stringify(scripts))}">`
    : '';
}

/** The element that tells the browser the support address (see {@link SUPPORT_META_NAME}). */
const supportOf = (config: Config) =>
  `<meta name="${SUPPORT_META_NAME}" content="${escapeAttribute(JSON.stringify(config.support.email))}">`;

/** The prerendered page with the configured support address where the build wrote the default one. */
const withSupportAddress = (html: string, config: Config) =>
  config.support.email === DEFAULT_SUPPORT_EMAIL
    ? html
    : html.replaceAll(DEFAULT_SUPPORT_EMAIL, escapeAttribute(config.support.email));

/** The page's root element in `locale`: `<html lang="fr" dir="ltr">` (the build writes `<html lang="en-GB">`). */
function inLanguage(html: string, locale: Locale): string {
  return html.replace(
    /<html\b[^>]*>/,
    () => `<html lang="${languageTag(locale)}" dir="${directionOf(locale)}">`,
  );
}

/** The address a path names, without a trailing slash (`/terms/` is `/terms`). */
export const addressOf = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/** JSON that is safe inside an HTML element: nothing in it can close the element or start markup. */
function jsonInHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A JSON element (data the browser never runs) with `id` and `value`, closed by nothing in the value. */
const jsonElement = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${jsonInHtml(value)}</script>`;

/** `html` with the signed-in `user` it was rendered for, and the data it was rendered with, in `<head>`. */
function withPageData(html: string, user: User | null, queries?: PageQueries): string {
  const data =
    (user ? jsonElement(SIGNED_IN_USER_ID, user) : '') +
    (queries ? jsonElement(PAGE_QUERIES_ID, queries) : '');
  return html.replace('</head>', () => `${data}</head>`);
}

/** A page as sent: its HTML with the head additions, compressed once and tagged. */
function preparePage(html: string): PreparedBody {
  const body = Buffer.from(html, 'utf8');
  const hash = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return new PreparedBody(body, `"${hash}"`);
}

/**
 * The pages of the portal, made from the shell's build and the remote addresses (at start, and again whenever the
 * remote registry changes): each prerendered page and the empty template, each with the travellers' remote
 * addresses in a meta element, the shell's boot scripts and the files of the remote its address needs announced in
 * `<head>`, in its Brotli, gzip and plain forms with strong ETags. The staff area's pages have a second form for a signed-in member of
 * staff only, which also carries the staff area's address and announces its files, so that its code downloads
 * with the page instead of after two more round trips, and arrives with the page's frame (prerendered as staff see
 * it) and that member of staff, so that it paints before any JavaScript runs.
 */
export class PageSet {
  /** Keyed by language and address (`fr /terms`). */
  private readonly prerendered = new Map<string, PreparedBody>();
  /** Keyed by language and remote (`fr apply`; `fr ` for the shell's own pages). */
  private readonly templates = new Map<string, PreparedBody>();
  private readonly mounts: Record<string, RemoteName>;
  /**
   * The staff area's pages as sent to staff, keyed like `prerendered` (`fr /admin`, and `fr ` for the empty page
   * every other staff address gets): HTML, since each copy sent also carries its member of staff.
   */
  private readonly staffPages = new Map<string, string>();
  /** The templates' HTML, keyed like `templates`. */
  private readonly templateHtml = new Map<string, string>();
  /** The busy pages, keyed by language and the reason's message key (`fr availability.overloaded`). */
  private readonly busyPages = new Map<string, PreparedBody>();
  /** The file of the shell's server build, when its build wrote one. */
  readonly renderer: string | null;

  constructor(config: Config, remotes: PublicRemotes, staffEntry: string) {
    const shell = config.bundles.shell;
    const manifest = readJson<PagesManifest>(path.join(shell, 'pages.json')) ?? {
      template: 'index.html',
      pages: {},
      mounts: {},
    };
    this.mounts = manifest.mounts;
    this.renderer = manifest.renderer ? path.join(shell, manifest.renderer) : null;
    const metaOf = (entries: object) =>
      `<meta name="${REMOTES_META_NAME}" content="${escapeAttribute(JSON.stringify(entries))}">`;
    const meta = metaOf(remotes);
    const boot = bootHints(shell);
    const hints = new Map<RemoteName, string>();
    const hintsFor = (remote: RemoteName | null) => {
      // The staff area is never announced: travellers never need it, and only staff are told where it is.
      if (!remote || remote === 'admin') return '';
      if (!hints.has(remote)) hints.set(remote, remoteHints(config, remotes[remote]));
      return hints.get(remote) ?? '';
    };
    const support = supportOf(config);
    /** A built page in `locale` with `head` added: its language, the support address, and what `head` says. */
    const withHead = (file: string, head: string, locale: Locale) =>
      withSupportAddress(
        inLanguage(fs.readFileSync(path.join(shell, file), 'utf8'), locale),
        config,
      ).replace('</head>', () => `${head}</head>`);
    const htmlWithHead = (file: string, head: string, locale: Locale) =>
      withHead(file, `${boot}${support}${head}`, locale);
    // The busy pages have no boot scripts nor remotes (they run no script). They try again by themselves when the
    // server asks to.
    const refresh = `<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">`;
    const composeHtml = (file: string, remote: RemoteName | null, locale: Locale) =>
      htmlWithHead(file, `${meta}${hintsFor(remote)}`, locale);
    const compose = (file: string, remote: RemoteName | null, locale: Locale) =>
      preparePage(composeHtml(file, remote, locale));

    const template = manifest.template;
    const staffHead = `${metaOf({ ...remotes, admin: staffEntry })}${remoteHints(config, staffEntry)}`;
    for (const locale of LOCALES) {
      for (const remote of [null, ...new Set(Object.values(manifest.mounts))]) {
        const html = composeHtml(template, remote, locale);
        this.templateHtml.set(`${locale} ${remote ?? ''}`, html);
        this.templates.set(`${locale} ${remote ?? ''}`, preparePage(html));
      }
      for (const [address, files] of Object.entries(manifest.pages)) {
        const file = files[locale];
        if (file && fs.existsSync(path.join(shell, file))) {
          this.prerendered.set(
            `${locale} ${address}`,
            compose(file, this.remoteOf(address), locale),
          );
        }
      }
      for (const [key, files] of Object.entries(manifest.busyPages ?? {})) {
        const file = files[locale];
        if (file && fs.existsSync(path.join(shell, file))) {
          this.busyPages.set(`${locale} ${key}`, preparePage(withHead(file, refresh, locale)));
        }
      }
      this.staffPages.set(`${locale} `, htmlWithHead(template, staffHead, locale));
      for (const [address, files] of Object.entries(manifest.staffPages ?? {})) {
        const file = files[locale];
        if (file && fs.existsSync(path.join(shell, file))) {
          this.staffPages.set(`${locale} ${address}`, htmlWithHead(file, staffHead, locale));
        }
      }
    }
  }

  /** Every page kept prepared (prerendered pages, the areas' empty pages and the busy pages), English first. */
  preparedBodies(): PreparedBody[] {
    const all = [
      ...this.prerendered.entries(),
      ...this.templates.entries(),
      ...this.busyPages.entries(),
    ];
    const english = (key: string) => key.startsWith(`${DEFAULT_LOCALE} `);
    return [...all.filter(([key]) => english(key)), ...all.filter(([key]) => !english(key))].map(
      ([, body]) => body,
    );
  }

  /** True for an address of the staff area. */
  isStaffPage(pathname: string): boolean {
    return this.remoteOf(pathname) === 'admin';
  }

  /**
   * A staff area page as sent to `staff`, signed in past their second factor (see the class): its frame rendered
   * at build time when it has one, with that member of staff in the page, from which the browser's first render
   * starts. The frames show an address without a query: with one (filters, a page of results), the empty page,
   * which the browser renders for that query.
   */
  staffPage(url: string, locale: Locale, staff: User): string {
    const [pathname = '/', query] = url.split('?');
    const address = addressOf(pathname);
    const html =
      (query === undefined ? this.staffPages.get(`${locale} ${address}`) : undefined) ??
      (this.staffPages.get(`${locale} `) as string);
    return withPageData(html, staff);
  }

  /**
   * The empty page of the area that draws `pathname` in `locale`, with its head, as HTML: a page rendered for its
   * user goes in its root element (see {@link userPage}).
   */
  areaTemplate(pathname: string, locale: Locale): string {
    return (this.templateHtml.get(`${locale} ${this.remoteOf(addressOf(pathname)) ?? ''}`) ??
      this.templateHtml.get(`${locale} `)) as string;
  }

  /** A page rendered for its signed-in `user` with `queries` (see areaTemplate), as sent to them. */
  userPage(html: string, user: User, queries: PageQueries): string {
    return withPageData(html, user, queries);
  }

  /**
   * A page everyone gets, rendered on the server with `queries` (see areaTemplate), as sent: it carries the data,
   * compressed once and tagged like the prerendered pages.
   */
  dataPage(html: string, queries: PageQueries): PreparedBody {
    return preparePage(withPageData(html, null, queries));
  }

  /**
   * The page a browser gets in place of the page it asked for while the server cannot take new work, for the
   * reason `messageKey` (the error reply's), in `locale` (else English), with the language it is in; null when the
   * build wrote none for it.
   */
  busyPage(messageKey: string, locale: Locale): { page: PreparedBody; locale: Locale } | null {
    for (const language of [locale, DEFAULT_LOCALE]) {
      const page = this.busyPages.get(`${language} ${messageKey}`);
      if (page) return { page, locale: language };
    }
    return null;
  }

  private remoteOf(pathname: string): RemoteName | null {
    const mount = pathname.split('/')[1] ?? '';
    return Object.hasOwn(this.mounts, mount) ? (this.mounts[mount] ?? null) : null;
  }

  /** The empty page of the area that draws `pathname` in `locale`, which the browser renders. */
  templateFor(pathname: string, locale: Locale = DEFAULT_LOCALE): PreparedBody {
    return (this.templates.get(`${locale} ${this.remoteOf(addressOf(pathname)) ?? ''}`) ??
      this.templates.get(`${locale} `)) as PreparedBody;
  }

  /**
   * The page for an address in a language: its prerendered HTML in that language when there is one, else the
   * template for its area (which the browser renders in that language).
   */
  pageFor(pathname: string, locale: Locale = DEFAULT_LOCALE): PreparedBody {
    const address = addressOf(pathname);
    return (
      this.prerendered.get(`${locale} ${address}`) ??
      this.templates.get(`${locale} ${this.remoteOf(address) ?? ''}`) ??
      (this.templates.get(`${locale} `) as PreparedBody)
    );
  }
}
