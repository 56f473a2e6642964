import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from './image-checks';

/**
 * Finding and cutting up the machine-readable zone of a passport page photo: the page is evened out (paper made
 * white under shadow, glare and a lighting gradient), straightened, the two 44-character lines of the zone found,
 * and each character's cell placed on the line's fixed pitch. What each cell holds is decided by
 * mrz-glyphs.ts; the characters are then checked against the zone's rules by mrz-decode.ts.
 */

/** A greyscale picture as numbers from 0 (ink) to 1 (paper). */
export interface Plane {
  data: Float32Array;
  width: number;
  height: number;
}

/**
 * The frame a character is compared in, in units of the height of the zone's digits (in OCR-B a little taller
 * than its capitals): 26 rows for a digit, 5 rows above and below it, 24 columns centred on the character's
 * cell.
 */
export const FRAME = { width: 24, height: 36, capRows: 26, top: 5 } as const;

/** The widest picture worked on: more pixels add time, not characters (a zone 1,400 pixels wide reads well). */
const WORK_WIDTH = 1600;

/** The page as a plane, at most WORK_WIDTH pixels wide, upright as the camera recorded it. */
export async function planeOf(image: Buffer): Promise<Plane> {
  const { data, info } = await sharp(image, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'truncated',
  })
    .autoOrient()
    .greyscale()
    .resize({ width: WORK_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const plane = new Float32Array(info.width * info.height);
  for (let i = 0; i < plane.length; i += 1) plane[i] = data[i * info.channels]! / 255;
  return { data: plane, width: info.width, height: info.height };
}

/**
 * The page with its paper made white: each pixel divided by the brightest paper near it (the maximum over
 * blocks, smoothed and interpolated), so a shadow, a gradient or a bright patch of glare leaves the ink darker
 * than its paper by the same ratio.
 */
export function evenOut(plane: Plane, block = 32): Plane {
  const { width, height, data } = plane;
  const bw = Math.ceil(width / block);
  const bh = Math.ceil(height / block);
  const maxima = new Float32Array(bw * bh);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / block) * bw;
    for (let x = 0; x < width; x += 1) {
      const b = row + Math.floor(x / block);
      const v = data[y * width + x]!;
      if (v > maxima[b]!) maxima[b] = v;
    }
  }
  // A block wholly inside a dark print takes its neighbours' paper: the largest of its 3×3 neighbourhood.
  const paper = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by += 1)
    for (let bx = 0; bx < bw; bx += 1) {
      let m = 0;
      for (let j = Math.max(0, by - 1); j <= Math.min(bh - 1, by + 1); j += 1)
        for (let i = Math.max(0, bx - 1); i <= Math.min(bw - 1, bx + 1); i += 1)
          m = Math.max(m, maxima[j * bw + i]!);
      paper[by * bw + bx] = Math.max(m, 0.05);
    }
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const fy = Math.min(Math.max((y + 0.5) / block - 0.5, 0), bh - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, bh - 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x += 1) {
      const fx = Math.min(Math.max((x + 0.5) / block - 0.5, 0), bw - 1);
      const x0 = Math.floor(fx);
      const x1 = Math.min(x0 + 1, bw - 1);
      const tx = fx - x0;
      const top = paper[y0 * bw + x0]! * (1 - tx) + paper[y0 * bw + x1]! * tx;
      const bottom = paper[y1 * bw + x0]! * (1 - tx) + paper[y1 * bw + x1]! * tx;
      out[y * width + x] = Math.min(1, data[y * width + x]! / (top * (1 - ty) + bottom * ty));
    }
  }
  return { data: out, width, height };
}

/** Below this share of its paper's brightness a pixel is ink, for finding lines and characters. */
const INK = 0.62;

/**
 * The page's tilt in degrees (positive when its lines rise to the right), within ±6°: the angle at which the
 * ink falls into the sharpest rows, coarse then fine.
 */
export function tiltOf(plane: Plane): number {
  const { width, height, data } = plane;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      if (data[y * width + x]! < INK) {
        xs.push(x - width / 2);
        ys.push(y);
      }
  if (!xs.length) return 0;
  const sharpness = (degrees: number) => {
    const slope = Math.tan((degrees * Math.PI) / 180);
    const rows = new Float64Array(height * 2 + width);
    const offset = height / 2 + width / 2;
    for (let i = 0; i < xs.length; i += 1) rows[Math.round(ys[i]! + xs[i]! * slope + offset)]! += 1;
    let sum = 0;
    for (const r of rows) sum += r * r;
    return sum;
  };
  const best = (from: number, to: number, step: number) => {
    let angle = from;
    let score = -1;
    for (let a = from; a <= to + 1e-9; a += step) {
      const s = sharpness(a);
      if (s > score) {
        score = s;
        angle = a;
      }
    }
    return angle;
  };
  const coarse = best(-6, 6, 0.5);
  return best(coarse - 0.5, coarse + 0.5, 0.05);
}

/** The plane turned by `degrees` about its centre (bilinear; paper where the picture had nothing). */
export function rotate(plane: Plane, degrees: number): Plane {
  if (Math.abs(degrees) < 0.01) return plane;
  const { width, height } = plane;
  const out = new Float32Array(width * height);
  const rad = (degrees * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const dx = x - cx;
      const dy = y - cy;
      out[y * width + x] = bilinear(
        plane.data,
        width,
        height,
        cx + dx * cos - dy * sin,
        cy + dx * sin + dy * cos,
      );
    }
  return { data: out, width, height };
}

function bilinear(data: Float32Array, width: number, height: number, x: number, y: number) {
  if (x < 0 || y < 0 || x > width - 1 || y > height - 1) return 1;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = Math.min(x0 + 1, width - 1);
  const y1 = Math.min(y0 + 1, height - 1);
  const tx = x - x0;
  const ty = y - y0;
  const top = data[y0 * width + x0]! * (1 - tx) + data[y0 * width + x1]! * tx;
  const bottom = data[y1 * width + x0]! * (1 - tx) + data[y1 * width + x1]! * tx;
  return top * (1 - ty) + bottom * ty;
}

/**
 * The frame of one character (FRAME's rows and columns, with `margin` more on every side), sampled from the
 * plane: `capTop` and `capHeight` are the line's capitals' top and height, `centre` the middle of the character's
 * cell; `scale` resizes the frame. A frame pixel covering several page pixels averages them.
 */
export function sampleFrame(
  plane: Plane,
  at: { capTop: number; capHeight: number; centre: number },
  scale = 1,
  margin = 0,
): Float32Array {
  const step = (at.capHeight * scale) / FRAME.capRows;
  const n = Math.max(1, Math.ceil(step));
  const width = FRAME.width + 2 * margin;
  const height = FRAME.height + 2 * margin;
  const out = new Float32Array(width * height);
  const midY = at.capTop + at.capHeight / 2;
  const frameMidY = FRAME.top + FRAME.capRows / 2 + margin;
  const frameMidX = FRAME.width / 2 + margin;
  for (let r = 0; r < height; r += 1)
    for (let c = 0; c < width; c += 1) {
      let sum = 0;
      for (let j = 0; j < n; j += 1)
        for (let i = 0; i < n; i += 1) {
          const y = midY + (r + (j + 0.5) / n - frameMidY) * step - 0.5;
          const x = at.centre + (c + (i + 0.5) / n - frameMidX) * step - 0.5;
          sum += bilinear(plane.data, plane.width, plane.height, x, y);
        }
      out[r * width + c] = sum / (n * n);
    }
  return out;
}

/** A blob of connected ink. */
export interface Blob {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The blobs of connected ink (8-connected) in a plane. */
export function blobsOf(plane: Plane): Blob[] {
  const { width, height, data } = plane;
  const seen = new Uint8Array(width * height);
  const blobs: Blob[] = [];
  const stack: number[] = [];
  for (let start = 0; start < data.length; start += 1) {
    if (seen[start] || data[start]! >= INK) continue;
    seen[start] = 1;
    stack.push(start);
    const blob = { left: width, top: height, right: 0, bottom: 0 };
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % width;
      const y = (p - x) / width;
      if (x < blob.left) blob.left = x;
      if (x > blob.right) blob.right = x;
      if (y < blob.top) blob.top = y;
      if (y > blob.bottom) blob.bottom = y;
      for (let j = -1; j <= 1; j += 1)
        for (let i = -1; i <= 1; i += 1) {
          const nx = x + i;
          const ny = y + j;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const q = ny * width + nx;
          if (!seen[q] && data[q]! < INK) {
            seen[q] = 1;
            stack.push(q);
          }
        }
    }
    blobs.push(blob);
  }
  return blobs;
}

/** One line of the zone: the height of its digits, and the middle and the digits' top of each of its 44 cells. */
export interface ZoneLine {
  capHeight: number;
  centres: number[];
  tops: number[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** A row of characters: blobs of similar height side by side, standing on a baseline `y = base + slope × x`. */
interface TextLine {
  blobs: Blob[];
  capTop: number;
  capHeight: number;
  base: number;
  slope: number;
}

/** The least-squares line through points: `y = intercept + slope × x`. */
function fitLine(points: { x: number; y: number }[]): { intercept: number; slope: number } | null {
  const n = points.length;
  const sx = points.reduce((s, p) => s + p.x, 0);
  const sy = points.reduce((s, p) => s + p.y, 0);
  const sxx = points.reduce((s, p) => s + p.x * p.x, 0);
  const sxy = points.reduce((s, p) => s + p.x * p.y, 0);
  const denominator = n * sxx - sx * sx;
  if (!n || !denominator) return null;
  const slope = (n * sxy - sx * sy) / denominator;
  return { intercept: (sy - slope * sx) / n, slope };
}

/** Rows of characters in the plane, top to bottom, with at least `min` characters each. */
function textLines(blobs: Blob[], min: number): TextLine[] {
  const chars = blobs.filter((b) => {
    const h = b.bottom - b.top + 1;
    const w = b.right - b.left + 1;
    return h >= 6 && w <= 2.5 * h && h <= 4 * w + 4;
  });
  chars.sort((a, b) => a.top + a.bottom - (b.top + b.bottom));
  const rows: Blob[][] = [];
  for (const blob of chars) {
    const mid = (blob.top + blob.bottom) / 2;
    const row = rows.find((r) => {
      const top = median(r.map((b) => b.top));
      const bottom = median(r.map((b) => b.bottom));
      return mid >= top && mid <= bottom;
    });
    if (row) row.push(blob);
    else rows.push([blob]);
  }
  return rows
    .map((row) => {
      // The capitals: the row's tall blobs (fillers `<` are shorter), of the height most of them share.
      const heights = row.map((b) => b.bottom - b.top + 1).sort((a, b) => a - b);
      const tall = heights[Math.floor(0.9 * (heights.length - 1))]!;
      const caps = row.filter(
        (b) => Math.abs(b.bottom - b.top + 1 - tall) <= Math.max(1, 0.08 * tall),
      );
      const capTop = median(caps.map((b) => b.top));
      const capBottom = median(caps.map((b) => b.bottom));
      // The baseline, from the capitals' feet: what straightening left of a tilt, over the line's length.
      const feet = caps
        .map((b) => ({ x: (b.left + b.right) / 2, y: b.bottom }))
        .filter((p) => Math.abs(p.y - capBottom) <= 0.25 * tall);
      const baseline = fitLine(feet) ?? { intercept: capBottom, slope: 0 };
      return {
        base: baseline.intercept,
        slope: Math.abs(baseline.slope) < 0.03 ? baseline.slope : 0,
        blobs: row
          .filter((b) => b.bottom - b.top + 1 >= 0.3 * tall)
          .sort((a, b) => a.left - b.left),
        capTop,
        capHeight: capBottom - capTop + 1,
      };
    })
    .filter((line) => line.blobs.length >= min)
    .sort((a, b) => a.capTop - b.capTop);
}

/**
 * The middles of a line's 44 cells: the zone is printed at a fixed pitch, so the characters' middles are fitted
 * to `first + i × pitch`. The pitch is the one (near the span from the first to the last character, or the usual
 * gap) that puts the most characters in the middle of a cell; a least-squares fit over those then places the
 * cells. A character lost to glare or two touching characters leave a gap or a wide blob the fit passes over.
 */
function cellCentres(line: TextLine, cells: number, origin?: number): number[] | null {
  const chars = line.blobs.filter(
    (b) =>
      b.right - b.left + 1 <= 1.2 * line.capHeight && b.bottom - b.top + 1 >= 0.45 * line.capHeight,
  );
  if (chars.length < cells / 2) return null;
  const mids = chars.map((b) => (b.left + b.right) / 2);
  const gaps = mids.slice(1).map((m, i) => m - mids[i]!);
  const gapPitch = median(gaps.filter((g) => g > 0.4 * line.capHeight && g < 1.6 * line.capHeight));
  if (!gapPitch) return null;
  const first = origin ?? mids[0]!;
  const spanPitch = (mids[mids.length - 1]! - first) / (cells - 1);
  const base = Math.abs(spanPitch - gapPitch) / gapPitch < 0.15 ? spanPitch : gapPitch;
  const inliers = (start: number, pitch: number) =>
    mids
      .map((m) => ({ m, i: Math.round((m - start) / pitch) }))
      .filter(
        (p) => p.i >= 0 && p.i < cells && Math.abs(p.m - (start + p.i * pitch)) < 0.22 * pitch,
      );
  let pitch = base;
  let most = -1;
  for (let f = 0.9; f <= 1.1; f += 0.0025) {
    const count = inliers(first, base * f).length;
    if (count > most) {
      most = count;
      pitch = base * f;
    }
  }
  const points = inliers(first, pitch);
  if (points.length < cells / 2) return null;
  const fit = fitLine(points.map((p) => ({ x: p.i, y: p.m })));
  if (!fit) return null;
  return Array.from({ length: cells }, (_, i) => fit.intercept + i * fit.slope);
}

/**
 * The candidate pairs of zone lines on a straightened plane, the bottom-most first: two rows of at least 30
 * characters of the same height, one below the other.
 */
export function zoneLines(plane: Plane, cells = 44): [ZoneLine, ZoneLine][] {
  const lines = textLines(blobsOf(plane), 30);
  const pairs: [ZoneLine, ZoneLine][] = [];
  for (let i = lines.length - 1; i >= 1 && pairs.length < 4; i -= 1) {
    const [upper, lower] = [lines[i - 1]!, lines[i]!];
    const ratio = upper.capHeight / lower.capHeight;
    const gap = lower.capTop - upper.capTop;
    if (ratio < 0.75 || ratio > 1.33 || gap > 3.5 * lower.capHeight) continue;
    let upperCentres = cellCentres(upper, cells);
    let lowerCentres = cellCentres(lower, cells);
    if (!upperCentres || !lowerCentres) continue;
    // Both lines start at the zone's left edge: a line whose first characters were lost (to glare, a shadow)
    // starts where the other does.
    const pitch = lowerCentres[1]! - lowerCentres[0]!;
    if (upperCentres[0]! - lowerCentres[0]! > 0.5 * pitch)
      upperCentres = cellCentres(upper, cells, lowerCentres[0]) ?? upperCentres;
    else if (lowerCentres[0]! - upperCentres[0]! > 0.5 * pitch)
      lowerCentres = cellCentres(lower, cells, upperCentres[0]) ?? lowerCentres;
    // Both lines are printed at one size; the second's digits give it (the first may have only letters).
    const height = lower.capHeight;
    const zoneLine = (line: TextLine, centres: number[]): ZoneLine => ({
      capHeight: height,
      centres,
      tops: centres.map((x) => line.base + line.slope * x - height + 1),
    });
    // A zone whose last characters stand short of the 44th cell lost its first ones (to a shadow, glare, the
    // picture's edge) on both lines: the cells are tried moved left, one at a time, up to what is missing.
    const lastMid = (line: TextLine) => Math.max(...line.blobs.map((b) => (b.left + b.right) / 2));
    const reach = Math.max(lastMid(upper), lastMid(lower));
    const missing = Math.min(3, cells - 1 - Math.round((reach - lowerCentres[0]!) / pitch));
    for (let shift = 0; shift <= Math.max(0, missing); shift += 1) {
      const moved = (centres: number[]) => centres.map((c) => c - shift * pitch);
      pairs.push([zoneLine(upper, moved(upperCentres)), zoneLine(lower, moved(lowerCentres))]);
    }
  }
  return pairs;
}

/** A page evened out and straightened, ready for finding its zone. */
export function straightened(plane: Plane): Plane {
  const even = evenOut(plane);
  return rotate(even, -tiltOf(even));
}
