/**
 * Writes the prerendered pages into dist/pages/<locale>/, one per address and language, and dist/pages.json (which
 * page each address gets in each language, the same for the staff pages sent to signed-in staff only, the pages the
 * server renders for their signed-in user and the build it renders them with, the pages sent in place of a page
 * while the server cannot take new work, and which remote draws each top-level path). Runs after the browser build, from the Node build of src/prerender/prerender.tsx.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { prerenderOutputDir } = require('@waypoint/platform/webpack/create-config.cjs');
const {
  isPseudoLocaleBuild,
  pseudoOutputDir,
} = require('@waypoint/platform/webpack/pseudo-locale.cjs');

const shellDir = path.join(__dirname, '..');
/** The browser build's folder: dist, or dist/pseudo/shell at the root in the pseudo-locale build. */
const dist = isPseudoLocaleBuild() ? pseudoOutputDir('shell') : path.join(shellDir, 'dist');
/** The Node build of the prerender entry (webpack.prerender.js). */
const prerenderBuild = prerenderOutputDir(shellDir, path.join(shellDir, '.prerender'));
/** Where, in dist, the server finds that build to render pages for their user (see pages.json `renderer`). */
const RENDERER = 'pages/render.cjs';

/**
 * dist/index.html with the script that holds what a visitor does before the page has hydrated (early/held-actions.js)
 * first in its `<head>`, so that every page, prerendered or not, listens from its first paint. Written beside it
 * under a name that changes with its content, which browsers keep for good.
 */
function withHeldActions(template) {
  const source = fs.readFileSync(path.join(shellDir, 'early/held-actions.js'));
  const name = `held-actions.${crypto.createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
  fs.writeFileSync(path.join(dist, name), source);
  const tag = `<script src="/${name}"></script>`;
  const page = template.replace(/<script src="\/held-actions\.[0-9a-f]+\.js"><\/script>/, '');
  // After the character set, which the browser wants first.
  const charset = /<meta charset="?utf-8"?\s*\/?>/i.exec(page);
  if (!charset) return page.replace('<head>', () => `<head>${tag}`);
  const at = charset.index + charset[0].length;
  return `${page.slice(0, at)}${tag}${page.slice(at)}`;
}

/**
 * The page `template` without its scripts (and the note for browsers without JavaScript): the busy pages run no
 * script (see BUSY_PAGES), so a browser that gets one downloads nothing more than its stylesheet.
 */
function withoutScripts(template) {
  return template
    .replace(/<script\b[^>]*>[^<]*<\/script>/g, '')
    .replace(/<noscript>.*?<\/noscript>/gs, '');
}

async function main() {
  const {
    renderPage,
    composePage,
    USER_PAGES,
    LOCALES,
    PRERENDERED_PAGES,
    STAFF_PAGES,
    REMOTE_MOUNTS,
    BUSY_PAGES,
    renderBusyPage,
  } = require(path.join(prerenderBuild, 'prerender.cjs'));
  const template = withHeldActions(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
  fs.writeFileSync(path.join(dist, 'index.html'), template);

  /** Each address and its file in each language, relative to dist (as the server reads them). */
  const written = {};
  /** The same for the staff pages, which the server sends to signed-in staff only. */
  const staff = {};
  /** The busy pages, by the reason's message key, in each language. */
  const busy = {};
  const scriptless = withoutScripts(template);
  for (const locale of LOCALES) {
    fs.mkdirSync(path.join(dist, 'pages', locale), { recursive: true });
    const all = [
      ...Object.entries(PRERENDERED_PAGES).map(([url, file]) => [url, file, written]),
      ...Object.entries(STAFF_PAGES).map(([url, file]) => [url, file, staff]),
    ];
    for (const [url, file, index] of all) {
      let page;
      try {
        page = composePage(template, await renderPage(url, locale));
      } catch (error) {
        throw new Error(`The prerendered ${url} (${locale}): ${error.message}`, { cause: error });
      }
      const name = `pages/${locale}/${file}`;
      fs.writeFileSync(path.join(dist, name), page);
      index[url] = { ...index[url], [locale]: name };
      console.log(`prerendered ${url} (${locale}) -> ${name} (${Buffer.byteLength(page)} bytes)`);
    }
    for (const [key, file] of Object.entries(BUSY_PAGES)) {
      const page = composePage(scriptless, await renderBusyPage(key, locale));
      const name = `pages/${locale}/${file}`;
      fs.writeFileSync(path.join(dist, name), page);
      busy[key] = { ...busy[key], [locale]: name };
      console.log(`prerendered the busy page ${key} (${locale}) -> ${name}`);
    }
  }
  // The server renders the pages of USER_PAGES for their signed-in user with this same build, kept beside the
  // pages (never served as a file).
  fs.copyFileSync(path.join(prerenderBuild, 'prerender.cjs'), path.join(dist, RENDERER));
  fs.writeFileSync(
    path.join(dist, 'pages.json'),
    `${JSON.stringify({ template: 'index.html', pages: written, staffPages: staff, busyPages: busy, userPages: USER_PAGES, renderer: RENDERER, mounts: REMOTE_MOUNTS }, null, 2)}\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
