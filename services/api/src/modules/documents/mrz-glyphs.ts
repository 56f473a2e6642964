import glyphData from './ocr-b-glyphs.json';
import { FRAME, sampleFrame, type Plane, type ZoneLine } from './mrz-zone';

/**
 * Reading the characters of the machine-readable zone by their shapes in OCR-B, the face ICAO 9303 prescribes for
 * it. Each of the zone's 37 characters (A–Z, 0–9, `<`) is kept as a frame of grey levels drawn from the OCR-B font
 * (`ocr-b-glyphs.json`, made by `npm run mrz:glyphs` from Debian's `fonts-ocr-b`); a cell of the zone is compared
 * with each, at small shifts and sizes, by normalised correlation, which ignores how dark the print and how
 * bright the paper are.
 */

export const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

/** Every character's likeness to a cell, from -1 to 1 (1 for the same picture). */
export type CellScores = Record<string, number>;

interface Template {
  char: string;
  /** Grey levels with their mean taken away, scaled to length 1. */
  values: Float32Array;
}

/** A frame as a vector with its mean taken away and scaled to length 1 (null for a frame of one grey). */
export function normalised(frame: Float32Array): Float32Array | null {
  let mean = 0;
  for (const v of frame) mean += v;
  mean /= frame.length;
  let norm = 0;
  const out = new Float32Array(frame.length);
  for (let i = 0; i < frame.length; i += 1) {
    out[i] = frame[i]! - mean;
    norm += out[i]! * out[i]!;
  }
  if (norm < 1e-6) return null;
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < out.length; i += 1) out[i]! *= scale;
  return out;
}

let templates: Template[] | null = null;

/** The glyphs of every face kept (several per character). */
function templatesOf(): Template[] {
  if (templates) return templates;
  const data = glyphData as {
    width: number;
    height: number;
    faces: Record<string, Record<string, string>>;
  };
  if (data.width !== FRAME.width || data.height !== FRAME.height)
    throw new Error('ocr-b-glyphs.json was made for another frame: run npm run mrz:glyphs');
  templates = [];
  for (const face of Object.values(data.faces))
    for (const [char, base64] of Object.entries(face)) {
      const bytes = Buffer.from(base64, 'base64');
      const values = normalised(Float32Array.from(bytes, (b) => b / 255));
      if (values) templates.push({ char, values });
    }
  return templates;
}

/** How far (in frame pixels) and by how much a cell's frame is moved and sized to meet a character. */
const REACH = 2;
const SCALES = [0.97, 1, 1.03];
/** The characters compared at every shift and size after a first look at a few: the likeliest this many. */
const REFINED = 5;

/** The frame at (dx, dy) inside a frame sampled with a margin of REACH, with its mean removed and scaled. */
function windowOf(patch: Float32Array, dx: number, dy: number): Float32Array | null {
  const width = FRAME.width + 2 * REACH;
  const out = new Float32Array(FRAME.width * FRAME.height);
  for (let r = 0; r < FRAME.height; r += 1) {
    const from = (r + REACH + dy) * width + REACH + dx;
    out.set(patch.subarray(from, from + FRAME.width), r * FRAME.width);
  }
  return normalised(out);
}

function dot(a: Float32Array, b: Float32Array) {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i]! * b[i]!;
  return sum;
}

/**
 * How much each character looks like the cell: its best correlation over the frame moved by up to two frame
 * pixels each way and sized 8% either side. Every character is compared at a few positions first; the likeliest
 * few at every position and size. A cell with no ink (all paper) scores 0 for every character.
 */
export function scoreCell(plane: Plane, line: ZoneLine, index: number): CellScores {
  const scores: CellScores = {};
  for (const c of MRZ_ALPHABET) scores[c] = 0;
  const at = { capTop: line.tops[index]!, capHeight: line.capHeight, centre: line.centres[index]! };
  const all = templatesOf();
  const patches = SCALES.map((scale) => sampleFrame(plane, at, scale, REACH));
  const meet = (templates: Template[], patch: Float32Array, dx: number, dy: number) => {
    const frame = windowOf(patch, dx, dy);
    if (!frame) return;
    for (const t of templates) scores[t.char] = Math.max(scores[t.char]!, dot(frame, t.values));
  };
  const middle = patches[SCALES.indexOf(1)]!;
  for (const dy of [-REACH, 0, REACH])
    for (const dx of [-REACH, 0, REACH]) meet(all, middle, dx, dy);
  const likeliest = new Set(
    [...MRZ_ALPHABET].sort((a, b) => scores[b]! - scores[a]!).slice(0, REFINED),
  );
  const few = all.filter((t) => likeliest.has(t.char));
  for (const patch of patches)
    for (let dy = -REACH; dy <= REACH; dy += 1)
      for (let dx = -REACH; dx <= REACH; dx += 1) meet(few, patch, dx, dy);
  return scores;
}

/** The scores of every cell of a zone line. */
export function scoreLine(plane: Plane, line: ZoneLine): CellScores[] {
  return line.centres.map((_, i) => scoreCell(plane, line, i));
}
