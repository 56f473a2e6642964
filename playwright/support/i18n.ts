import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './portal.mjs';

/**
 * The portal's languages and their messages, for tests that visit it in another language than English.
 *
 * A test finds a heading or a button by its translated name without depending on the translation's wording or on
 * how a catalog names its keys: `translated('Trip details', 'fr')` looks the English text up in the English
 * catalogs (`<workspace>/src/**\/i18n/en.json`) and answers the same key's message in `fr.json` beside it. The
 * English wording is the product's contract (the specs assert it), so it is a stable handle.
 */

export const LOCALES = ['en', 'fr', 'de', 'es', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

/** The language tag of `<html lang>` and of the browser context (`en` is British English). */
export function languageTag(locale: Locale): string {
  return locale === 'en' ? 'en-GB' : locale;
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/** The workspaces whose catalogs are searched, in this order (an area's own catalog before the shared ones). */
const WORKSPACES = [
  'shell',
  'mf-apply',
  'mf-account',
  'mf-admin',
  'libs/platform',
  'libs/ui',
] as const;
export type Workspace = (typeof WORKSPACES)[number];

type Messages = Record<string, string>;

/** Every catalog folder of a workspace: folders named `i18n` (at any depth under `src/`) with an `en.json`. */
function catalogFolders(workspace: Workspace): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'node_modules') continue;
      const folder = path.join(dir, entry.name);
      if (entry.name === 'i18n' && fs.existsSync(path.join(folder, 'en.json'))) found.push(folder);
      walk(folder);
    }
  };
  walk(path.join(REPO_ROOT, workspace, 'src'));
  return found.sort();
}

const cache = new Map<string, Messages | null>();
function readMessages(file: string): Messages | null {
  if (!cache.has(file)) {
    cache.set(
      file,
      fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Messages) : null,
    );
  }
  return cache.get(file) ?? null;
}

/**
 * The message of `locale` whose English is `english`, as written in the catalog (ICU placeholders left in).
 * `workspace` first searches that workspace's catalogs; the others are searched after it. Throws, naming the
 * text, when no English catalog has it or its catalog has no such language yet.
 */
export function translatedMessage(english: string, locale: Locale, workspace?: Workspace): string {
  if (locale === 'en') return english;
  const order = workspace ? [workspace, ...WORKSPACES.filter((w) => w !== workspace)] : WORKSPACES;
  for (const candidate of order) {
    for (const folder of catalogFolders(candidate)) {
      const en = readMessages(path.join(folder, 'en.json')) ?? {};
      const key = Object.keys(en).find((k) => en[k] === english);
      if (key === undefined) continue;
      const other = readMessages(path.join(folder, `${locale}.json`));
      const message = other?.[key];
      if (message === undefined) {
        throw new Error(
          `${path.relative(REPO_ROOT, folder)}/${locale}.json has no "${key}" ("${english}")`,
        );
      }
      return message;
    }
  }
  throw new Error(
    `No English catalog (${order.join(', ')}) has the message "${english}": is this text translated yet?`,
  );
}

/**
 * The text a visitor reads for the English message `english` in `locale`, with `values` put in its
 * placeholders (`{name}`); `<tag>` markup is dropped. For messages without plurals.
 */
export function translated(
  english: string,
  locale: Locale,
  values: Record<string, string | number> = {},
  workspace?: Workspace,
): string {
  return translatedMessage(english, locale, workspace)
    .replace(/<\/?[\w-]+\s*\/?>/g, '')
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
    .replace(/''/g, "'");
}

/**
 * The text of the `<tag>` part of the message whose English is `english` in `locale` (a link inside a sentence:
 * `New to Waypoint? <register>Create an account</register>` → `Créer un compte`).
 */
export function translatedPart(
  english: string,
  tag: string,
  locale: Locale,
  workspace?: Workspace,
): string {
  const part = new RegExp(`<${tag}>(.*?)</${tag}>`, 's').exec(
    translatedMessage(english, locale, workspace),
  );
  if (!part?.[1]) throw new Error(`"${english}" has no <${tag}> part in ${locale}`);
  return part[1].replace(/''/g, "'");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A whole-text pattern of the message whose English is `english` in `locale`: each placeholder matches any text
 * (`Pay {amount}` → /^Payer .+$/), so a test need not know how the amount or date is written.
 */
export function translatedPattern(english: string, locale: Locale, workspace?: Workspace): RegExp {
  const message = translatedMessage(english, locale, workspace)
    .replace(/<\/?[\w-]+\s*\/?>/g, '')
    .replace(/''/g, "'");
  const parts = message.split(/\{\w+\}/).map(escapeRegExp);
  return new RegExp(`^\\s*${parts.join('.+')}\\s*$`);
}
