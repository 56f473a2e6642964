import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';

export { StaticRouter };

/**
 * Renders a page to HTML at build time, waiting for every lazy page and remote to resolve (unlike
 * `renderToString`, which would leave their loading states in the HTML). Only the build's prerender step imports
 * this module (`@waypoint/platform/ssr`); it is never part of a browser bundle.
 */
export async function renderToHtml(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, {
    // Every part inline, however large: React otherwise moves a large part to the end of the document with an
    // inline script to put it in place, which the pages' policy (no inline scripts) rightly blocks.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      throw error instanceof Error ? error : new Error(String(error));
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
