/**
 * Writes the prerendered pages into dist/pages/ and dist/pages.json (which page each address gets and which remote
 * draws each top-level path). Runs after the browser build, from the Node build of src/prerender/prerender.tsx.
 *
 * React writes a page's <title> at the start of its HTML; it is moved into <head> here, where the browser (and,
 * on hydration, React) expects it.
 */
const fs = require('node:fs');
const path = require('node:path');

const dist = path.join(__dirname, '..', 'dist');
/** The empty root element of the built page (html-webpack-plugin minifies away the quotes). */
const ROOT = /<div id="?root"?><\/div>/;
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

async function main() {
  const { renderPage, PRERENDERED_PAGES, REMOTE_MOUNTS } = require('../.prerender/prerender.cjs');
  const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!ROOT.test(template)) throw new Error('dist/index.html has no empty root element');

  fs.mkdirSync(path.join(dist, 'pages'), { recursive: true });
  /** Each address and its file, relative to dist (as the server reads them). */
  const written = {};
  for (const [url, file] of Object.entries(PRERENDERED_PAGES)) {
    const rendered = await renderPage(url);
    const head = HOISTED.exec(rendered)?.[0] ?? '';
    const body = rendered.slice(head.length);
    let page = template.replace(ROOT, () => `<div id="root">${body}</div>`);
    if (head.includes('<title>')) page = page.replace(/<title>[^<]*<\/title>/, '');
    page = page.replace('</head>', () => `${head}</head>`);
    fs.writeFileSync(path.join(dist, 'pages', file), page);
    written[url] = `pages/${file}`;
    console.log(`prerendered ${url} -> pages/${file} (${Buffer.byteLength(page)} bytes)`);
  }
  fs.writeFileSync(
    path.join(dist, 'pages.json'),
    `${JSON.stringify({ template: 'index.html', pages: written, mounts: REMOTE_MOUNTS }, null, 2)}\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
