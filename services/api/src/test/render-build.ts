import fs from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { temporaryTree } from './files';
import { createTestApp } from './harness';

/** The shell's built page, as a stand-in: its empty root element and its title. */
export const PAGE_TEMPLATE =
  '<!doctype html><html lang="en-GB"><head><title>Waypoint</title></head><body><div id="root"></div></body></html>';

/**
 * The source of a stand-in for the shell's server build (`pages/render.cjs`): `renderForUser` as given (its body
 * draws a page from its arguments), and the real build's `composePage` (a render in the root element, its title
 * in `<head>`).
 */
export function renderBuildSource(renderForUser: string): string {
  return `
${renderForUser}
exports.composePage = (template, rendered) => {
  const title = /^<title>[^<]*<\\/title>/.exec(rendered)[0];
  return template
    .replace(/<title>[^<]*<\\/title>/, '')
    .replace('</head>', title + '</head>')
    .replace('<div id="root"></div>', '<div id="root">' + rendered.slice(title.length) + '</div>');
};
`;
}

/** The JSON element `id` of a page, parsed; undefined when the page has none. */
export function dataInPage(html: string, id: string): unknown {
  const element = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(
    html,
  );
  return element ? JSON.parse(element[1]!) : undefined;
}

/**
 * A test app serving a stand-in shell made of `files`, with what it logs (errors) kept in `log`; `env` adds to
 * its settings.
 */
export async function appWithShell(
  prefix: string,
  files: Record<string, string>,
  env: Record<string, string> = {},
) {
  const dir = await temporaryTree(prefix, files);
  const log: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
  const t = await createTestApp(
    { STATIC_DIR: dir, LOG_LEVEL: 'error', ...env },
    undefined,
    logStream,
  );
  return {
    t,
    dir,
    log,
    close: async () => {
      await t.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
