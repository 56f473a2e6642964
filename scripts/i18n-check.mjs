// `npm run i18n:check`: every message catalog is complete in every language, and every key the code uses exists.
//
// Catalogs are the `src/**/i18n/<locale>.json` files of each workspace, the API's e-mails included (English is the
// source). For each catalog:
//   - each language has exactly the English keys (none missing, none extra);
//   - each message is valid ICU MessageFormat and uses the same placeholders as its English message;
//   - each English message follows the content style (docs/content-style.md: British spelling, sentence case);
//   - the keys the code passes to `t(…)` with that catalog exist (a key built from a template literal matches any
//     key of its shape), and keys no code uses are listed as unused (an error: a dead message is still translated).
// The `api` catalog (libs/platform/src/i18n/api/) is checked against `ApiMessages` (libs/contracts/src/api-messages.ts),
// its English source: the same keys, valid ICU, the same placeholders. Its keys are used by the API, not by `t(…)`
// calls, so the unused-key rule does not apply to it.
// Exits 1 with the list of problems, else prints a summary per catalog.
//
// Options: --list          print every catalog's keys as extracted from the code (what each `t(…)` call asks for)
//          --api-only=DIR  check only an `api` catalog kept in DIR (its fr/de/es/ar.json) against `ApiMessages`
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { styleProblems } from './content-style.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCALES = ['en', 'fr', 'de', 'es', 'ar'];
const WORKSPACES = [
  'shell',
  'mf-apply',
  'mf-account',
  'mf-admin',
  'libs/ui',
  'libs/platform',
  // The e-mails (services/api/src/modules/notifications/i18n), rendered by the API.
  'services/api',
];
const list = process.argv.includes('--list');
const apiOnly = process.argv
  .find((arg) => arg.startsWith('--api-only='))
  ?.slice('--api-only='.length);
const API_CATALOG = 'libs/platform/src/i18n/api';
const API_SOURCE = 'libs/contracts/src/api-messages.ts';
/**
 * Files outside a catalog's workspace that name its keys: the audit catalogue describes each history entry with
 * messages of the admin catalog (mf-admin's typecheck checks that each one exists).
 */
const NAMED_ELSEWHERE = { 'mf-admin/src/i18n': ['libs/contracts/src/audit.ts'] };

/** Every file under `dir` whose name passes `keep`, skipping build output and dependencies. */
function walk(dir, keep, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file, keep, out);
    else if (keep(file)) out.push(file);
  }
  return out;
}

/** The argument names of an ICU message (`{name}`, `{count, plural, …}`), sorted, without duplicates. */
function placeholders(compiled, names = new Set()) {
  if (Array.isArray(compiled)) {
    for (const part of compiled) {
      if (Array.isArray(part) && typeof part[0] === 'string') {
        names.add(part[0]);
        const branches = part[2];
        if (branches && typeof branches === 'object') {
          for (const branch of Object.values(branches)) placeholders(branch, names);
        }
      } else if (Array.isArray(part)) placeholders(part, names);
    }
  }
  return [...names].sort().join(', ');
}

/** A key built from a template literal (`load.failed.${what}`): any key of its shape. */
const keyShape = (template) =>
  new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\$\{[^}]*\}/g, '[\\w.-]+')}$`);

/**
 * The keys a source file asks for: the first argument of each `t(…)` call, and the quoted strings that are keys
 * (a key kept in a table, such as a link's label, and passed to `t` later), template literals included (a table
 * of keys built per page, `load.failed.${what}`).
 */
function keysUsed(source, catalog) {
  const keys = [];
  for (const [, text] of source.matchAll(/'([\w.-]+)'/g)) if (text in catalog) keys.push(text);
  for (const [, template] of source.matchAll(/`((?:[\w-]+\.)+(?:[\w.-]|\$\{[^}]*\})*)`/g)) {
    if (template.includes('${')) keys.push(keyShape(template));
  }
  for (const match of source.matchAll(/\bt\(\s*(['"`])((?:(?!\1).)*)\1/g)) {
    const [, quote, key] = match;
    keys.push(quote === '`' ? keyShape(key) : key);
  }
  return keys;
}

/** Each language of the catalog in `dir` has exactly the English keys, in valid ICU with the English placeholders. */
function checkLanguages(dir, label, source, shapes) {
  for (const locale of LOCALES.slice(1)) {
    const file = path.join(dir, `${locale}.json`);
    let messages;
    try {
      messages = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push(`${label}/${locale}.json: missing or not JSON (${error.message})`);
      continue;
    }
    for (const key of Object.keys(source)) {
      if (!(key in messages)) problems.push(`${label}/${locale}.json: missing "${key}"`);
    }
    for (const [key, message] of Object.entries(messages)) {
      if (!(key in source)) {
        problems.push(`${label}/${locale}.json: "${key}" is not in the English catalog`);
        continue;
      }
      if (typeof message !== 'string' || message.trim() === '') {
        problems.push(`${label}/${locale}.json: "${key}" is empty`);
        continue;
      }
      try {
        const shape = placeholders(compileMessage(message));
        if (shape !== shapes[key]) {
          problems.push(
            `${label}/${locale}.json: "${key}" uses {${shape}} where English uses {${shapes[key]}}`,
          );
        }
      } catch (error) {
        problems.push(`${label}/${locale}.json: "${key}" is not valid ICU (${error.message})`);
      }
    }
  }
}

/** Each English message of `source` follows the content style (scripts/content-style.mjs). */
function checkStyle(label, source) {
  for (const [key, message] of Object.entries(source)) {
    for (const problem of styleProblems(message)) problems.push(`${label}: "${key}" ${problem}`);
  }
}

/** The English shape of each message (its placeholders); an invalid message is a problem. */
function shapesOf(label, source) {
  const shapes = {};
  for (const [key, message] of Object.entries(source)) {
    try {
      shapes[key] = placeholders(compileMessage(message));
    } catch (error) {
      problems.push(`${label}: "${key}" is not valid ICU (${error.message})`);
    }
  }
  return shapes;
}

/** The object literal of an `export const <name> = { … } as const;` declaration in `text`. */
function literalOf(text, name) {
  const start = text.indexOf('{', text.indexOf(`export const ${name} =`));
  const end = text.indexOf('} as const;', start);
  return text.slice(start, end + 1);
}

/**
 * `ApiMessages` as written in the contracts: the object literal of its declaration (texts and comments), which also
 * uses the client's fallback texts (`ClientErrorText`, declared before it).
 */
function apiMessages() {
  const text = readFileSync(path.join(ROOT, API_SOURCE), 'utf8');
  return new Function(
    `const ClientErrorText = (${literalOf(text, 'ClientErrorText')});\n` +
      `return (${literalOf(text, 'ApiMessages')});`,
  )();
}

/** The `api` catalog in `dir` against `ApiMessages`: keys, ICU and placeholders (no unused-key rule: the API uses them). */
function checkApiCatalog(dir) {
  const label = path.relative(ROOT, dir) || dir;
  const source = apiMessages();
  checkLanguages(dir, label, source, shapesOf(API_SOURCE, source));
  checkStyle(API_SOURCE, source);
  console.log(
    `${label}: ${Object.keys(source).length} messages in ${LOCALES.length} languages (English: ApiMessages)`,
  );
}

const problems = [];
let catalogs = 0;
for (const workspace of apiOnly === undefined ? WORKSPACES : []) {
  const base = path.join(ROOT, workspace, 'src');
  const sources = walk(base, (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  for (const english of walk(base, (file) => /[\\/]i18n[\\/](?:.*[\\/])?en\.json$/.test(file))) {
    catalogs += 1;
    const dir = path.dirname(english);
    const label = path.relative(ROOT, dir);
    const source = JSON.parse(readFileSync(english, 'utf8'));
    const keys = Object.keys(source);
    const shapes = {};
    for (const [key, message] of Object.entries(source)) {
      try {
        shapes[key] = placeholders(compileMessage(message));
      } catch (error) {
        problems.push(`${label}/en.json: "${key}" is not valid ICU (${error.message})`);
      }
    }
    checkLanguages(dir, label, source, shapes);
    checkStyle(`${label}/en.json`, source);

    // The code that reads this catalog: the files importing its catalog module (the folder's catalog.ts).
    const catalogModule = path.join(dir, 'catalog');
    const readers = sources.filter((file) => {
      if (file.startsWith(dir)) return false;
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/from '(\.[^']*)'/g)].some(
        ([, spec]) => path.resolve(path.dirname(file), spec) === catalogModule,
      );
    });
    readers.push(...(NAMED_ELSEWHERE[label] ?? []).map((file) => path.join(ROOT, file)));
    const used = readers.flatMap((file) => keysUsed(readFileSync(file, 'utf8'), source));
    if (list) console.log(`${label}:\n  ${used.map(String).join('\n  ')}`);
    for (const key of used) {
      if (typeof key === 'string' && !(key in source)) {
        problems.push(`${label}: the code asks for "${key}", which the catalog does not have`);
      }
    }
    const unused = keys.filter(
      (key) => !used.some((use) => (typeof use === 'string' ? use === key : use.test(key))),
    );
    for (const key of unused) problems.push(`${label}: "${key}" is not used by any code`);
    console.log(
      `${label}: ${keys.length} messages in ${LOCALES.length} languages, read by ${readers.length} files`,
    );
  }
}

checkApiCatalog(path.resolve(ROOT, apiOnly ?? API_CATALOG));
catalogs += 1;

if (problems.length > 0) {
  console.error(
    `\n${problems.length} problem(s) in the message catalogs:\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`\n${catalogs} catalogs complete in ${LOCALES.join(', ')}.`);
