import zlib from 'node:zlib';
import { compressAhead, PreparedBody } from './prepared-body';

const page = (text: string) =>
  new PreparedBody(Buffer.from(`<!doctype html><p>${text.repeat(200)}</p>`), `"${text}"`);

describe('pages compressed ahead of their first request', () => {
  it('makes the Brotli and gzip forms of every page, which decode to the page', async () => {
    const pages = [page('home'), page('terms')];
    expect(pages[0]!.encodings()).toEqual(['identity']);
    await compressAhead(pages);
    for (const body of pages) {
      expect(body.encodings().sort()).toEqual(['br', 'gzip', 'identity']);
      expect(zlib.brotliDecompressSync(body.in('br'))).toEqual(body.body);
      expect(zlib.gunzipSync(body.in('gzip'))).toEqual(body.body);
    }
  });

  it('lets other work run between pages, and stops when the server closes', async () => {
    const pages = [page('a'), page('b'), page('c')];
    let seenMidway: string[] | undefined;
    let closing = false;
    const ahead = compressAhead(pages, () => closing);
    // Work that arrives meanwhile (a request) runs before the last page is compressed.
    setImmediate(() => {
      seenMidway = pages[2]!.encodings();
      closing = true;
    });
    await ahead;
    expect(seenMidway).toEqual(['identity']);
    // Closed before it got there: the last page is compressed on its first request instead.
    expect(pages[2]!.encodings()).toEqual(['identity']);
    expect(pages[0]!.encodings()).toContain('br');
  });
});
