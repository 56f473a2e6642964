/**
 * Writes the prerendered pages into dist/pages/<locale>/, one per address and language, and dist/pages.json (which
 * page each address gets in each language, the same for the staff pages sent to signed-in staff only, and which
 * remote draws each top-level path). Runs after the browser build, from the Node build of src/prerender/prerender.tsx.
 *
 * React writes a page's <title> at the start of its HTML; it is moved into <head> here, where the browser (and,
 * on hydration, React) expects it.
 */
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
/** The empty root element of the built page (html-webpack-plugin minifies away the quotes). */
const ROOT = /<div id="?root"?><\/div>/;
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

async function main() {
  const { renderPage, LOCALES, PRERENDERED_PAGES, STAFF_PAGES, REMOTE_MOUNTS } = require(
    path.join(prerenderBuild, 'prerender.cjs'),
  );
  const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!ROOT.test(template)) throw new Error('dist/index.html has no empty root element');

  /** Each address and its file in each language, relative to dist (as the server reads them). */
  const written = {};
  /** The same for the staff pages, which the server sends to signed-in staff only. */
  const staff = {};
  for (const locale of LOCALES) {
    fs.mkdirSync(path.join(dist, 'pages', locale), { recursive: true });
    const all = [
      ...Object.entries(PRERENDERED_PAGES).map(([url, file]) => [url, file, written]),
      ...Object.entries(STAFF_PAGES).map(([url, file]) => [url, file, staff]),
    ];
    for (const [url, file, index] of all) {
      const rendered = await renderPage(url, locale);
      const head = HOISTED.exec(rendered)?.[0] ?? '';
      const body = rendered.slice(head.length);
      // The pages' policy allows no inline script: HTML that needs one would not work in a browser.
      if (/<script(?![^>]*\bsrc=)/.test(body)) {
        throw new Error(`The prerendered ${url} (${locale}) contains an inline script`);
      }
      let page = template.replace(ROOT, () => `<div id="root">${body}</div>`);
      if (head.includes('<title>')) page = page.replace(/<title>[^<]*<\/title>/, '');
      page = page.replace('</head>', () => `${head}</head>`);
      const name = `pages/${locale}/${file}`;
      fs.writeFileSync(path.join(dist, name), page);
      index[url] = { ...index[url], [locale]: name };
      console.log(`prerendered ${url} (${locale}) -> ${name} (${Buffer.byteLength(page)} bytes)`);
    }
  }
  fs.writeFileSync(
    path.join(dist, 'pages.json'),
    `${JSON.stringify({ template: 'index.html', pages: written, staffPages: staff, mounts: REMOTE_MOUNTS }, null, 2)}\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
