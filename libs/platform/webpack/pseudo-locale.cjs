/**
 * The pseudo-locale build: with `WAYPOINT_PSEUDO_LOCALE=1`, every English message (`i18n/en.json`) is compiled to
 * a pseudo-localized form, `Apply Now` → `⟦Áþþĺý Ñóŵ⟧`, and the front ends are built into `dist/pseudo/<area>/`
 * (a `STATIC_DIR` for the API) instead of their `dist/` folders, which stay as they are. A page of that build shows
 * every text that comes from a catalog pseudo-localized; a text in plain Latin letters is then either data (what
 * the visitor typed, a reference, a date) or a text that does not go through the catalogs yet
 * (`playwright/specs/pseudo-locale.spec.ts` lists them). `npm run build:pseudo` makes this build.
 *
 * Only the letters of the message's text change: ICU placeholders (`{name}`), plural and select syntax (`#`,
 * `one {…}`) and `<tag>` markup stay as they are, since the message is transformed after it is compiled.
 */
const path = require('node:path');

/** The variable that turns the pseudo-locale build on. */
const PSEUDO_LOCALE_ENV = 'WAYPOINT_PSEUDO_LOCALE';

/** Where the pseudo-locale build of each area is written: `dist/pseudo/<area>/`, at the root of the monorepo. */
const PSEUDO_DIST = path.resolve(__dirname, '../../../dist/pseudo');

/** The marks around each pseudo-localized message, so a test can tell where it starts and ends. */
const OPEN = '⟦';
const CLOSE = '⟧';

/** True when this build is the pseudo-locale build. */
function isPseudoLocaleBuild() {
  const value = process.env[PSEUDO_LOCALE_ENV];
  return Boolean(value) && value !== '0' && value !== 'false';
}

/** The output folder of an area (`shell`, `apply`, `account`, `admin`) in the pseudo-locale build. */
function pseudoOutputDir(area) {
  return path.join(PSEUDO_DIST, area);
}

/** Each Latin letter's stand-in: the same letter with a mark, so the text stays readable but is never ASCII. */
const LETTERS = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** Pseudo-localizes plain text, leaving `<tag>`, `</tag>` and `<tag/>` markup as it is. */
function pseudoText(text) {
  return text
    .split(/(<\/?[\w-]+\s*\/?>)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (c) => LETTERS[c])))
    .join('');
}

/**
 * Pseudo-localizes a message compiled by `@lingui/message-utils` (an array of text and placeholders, or a text):
 * text parts change, placeholders keep their names and formats, and the branches of a plural or select are
 * transformed the same way.
 */
function pseudoCompiled(compiled) {
  if (typeof compiled === 'string') return pseudoText(compiled);
  if (!Array.isArray(compiled)) return compiled;
  return compiled.map((part) => {
    if (typeof part === 'string') return pseudoText(part);
    if (!Array.isArray(part)) return part;
    const [name, type, options, ...rest] = part;
    if (options && typeof options === 'object' && !Array.isArray(options)) {
      const branches = {};
      for (const [key, branch] of Object.entries(options)) {
        branches[key] =
          Array.isArray(branch) || typeof branch === 'string' ? pseudoCompiled(branch) : branch;
      }
      return [name, type, branches, ...rest];
    }
    return part;
  });
}

/** A compiled message in its pseudo-localized form, between ⟦ and ⟧. */
function pseudoLocalize(compiled) {
  const inner = pseudoCompiled(compiled);
  return [OPEN, ...(Array.isArray(inner) ? inner : [inner]), CLOSE];
}

module.exports = {
  PSEUDO_LOCALE_ENV,
  PSEUDO_DIST,
  OPEN,
  CLOSE,
  isPseudoLocaleBuild,
  pseudoOutputDir,
  pseudoLocalize,
  pseudoText,
};
