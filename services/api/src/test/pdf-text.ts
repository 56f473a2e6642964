import zlib from 'node:zlib';

/** WinAnsi bytes that differ from Latin-1 and that receipts use. */
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x95: '•', 0x96: '–', 0x97: '—' };

/**
 * The text a PDF written with pdf-lib's standard fonts shows, one string per drawn run, in drawing order: its
 * content streams are inflated and the hex strings of their text operators decoded.
 */
export function pdfText(pdf: Uint8Array | Buffer): string[] {
  const buffer = Buffer.from(pdf);
  const runs: string[] = [];
  let at = 0;
  for (;;) {
    const start = buffer.indexOf('stream\n', at, 'latin1');
    if (start < 0) break;
    const end = buffer.indexOf('\nendstream', start, 'latin1');
    if (end < 0) break;
    const raw = buffer.subarray(start + 'stream\n'.length, end);
    at = end + 1;
    let content: string;
    try {
      content = zlib.inflateSync(raw).toString('latin1');
    } catch {
      content = raw.toString('latin1');
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      const bytes = Buffer.from(match[1]!, 'hex');
      runs.push([...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join(''));
    }
  }
  return runs;
}
