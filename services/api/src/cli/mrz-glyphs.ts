import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { MRZ_ALPHABET } from '../modules/documents/mrz-glyphs';
import { FRAME, sampleFrame, type Plane } from '../modules/documents/mrz-zone';

/**
 * `npm run mrz:glyphs` — draws the 37 characters of the machine-readable zone in OCR-B (Debian's `fonts-ocr-b`,
 * public domain) into the frames the reader compares cells with, and writes them to
 * `src/modules/documents/ocr-b-glyphs.json`. Two weights are kept: the font as drawn and a heavier print, as
 * passports' lines often come out thicker. Run again only when FRAME changes.
 */

const FONT_SIZE = 40;
const X = 20;
const BASELINE = 80;

export function ocrBInstalled(): boolean {
  try {
    return execFileSync('fc-list', [':family=OCR B'], { encoding: 'utf8' }).trim().length > 0;
  } catch {
    return false;
  }
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

async function draw(text: string, stroke: number): Promise<Plane> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${X * 2 + FONT_SIZE * text.length}" height="120">
  <rect width="100%" height="100%" fill="#fff"/>
  <text x="${X}" y="${BASELINE}" font-family="OCR B" font-size="${FONT_SIZE}" fill="#000" stroke="#000" stroke-width="${stroke}">${escape(text)}</text>
</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: Float32Array.from(
      { length: info.width * info.height },
      (_, i) => data[i * info.channels]! / 255,
    ),
    width: info.width,
    height: info.height,
  };
}

/** The ink's columns and rows in a drawing. */
function inkBox(plane: Plane) {
  let left = plane.width;
  let right = -1;
  let top = plane.height;
  let bottom = -1;
  for (let y = 0; y < plane.height; y += 1)
    for (let x = 0; x < plane.width; x += 1)
      if (plane.data[y * plane.width + x]! < 0.5) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
  return { left, right, top, bottom };
}

async function main() {
  if (!ocrBInstalled()) {
    process.stderr.write('The OCR-B font is not installed: apt-get install -y fonts-ocr-b\n');
    process.exit(1);
  }
  // The advance of a character (the face is monospaced), from a row of H; the frame's height is the digits'
  // (in OCR-B a little taller than the capitals), which every second line of a zone has.
  const row = await draw('HHHHHHHHHHH', 0);
  const single = inkBox(await draw('H', 0));
  const advance = (inkBox(row).right - single.right) / 10;
  const digits = inkBox(await draw('0123456789', 0));
  const capTop = digits.top;
  const capHeight = digits.bottom - digits.top + 1;
  const faces: Record<string, Record<string, string>> = {};
  for (const [face, stroke] of [
    ['regular', 0],
    ['heavy', 1.6],
  ] as const) {
    faces[face] = {};
    for (const char of MRZ_ALPHABET) {
      const plane = await draw(char, stroke);
      const frame = sampleFrame(plane, { capTop, capHeight, centre: X + advance / 2 });
      faces[face][char] = Buffer.from(Uint8Array.from(frame, (v) => Math.round(v * 255))).toString(
        'base64',
      );
    }
  }
  const file = path.resolve(__dirname, '../../src/modules/documents/ocr-b-glyphs.json');
  fs.writeFileSync(
    file,
    `${JSON.stringify({ width: FRAME.width, height: FRAME.height, faces }, null, 2)}\n`,
  );
  process.stdout.write(`Wrote ${MRZ_ALPHABET.length} characters in 2 weights to ${file}\n`);
}

if (require.main === module) void main();
