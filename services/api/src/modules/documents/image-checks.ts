import sharp from 'sharp';
import { apiMessage, type DocumentCheck } from '@waypoint/contracts';

/**
 * The automated initial review of uploads: deterministic measurements with a plain-language reason for every
 * failed check. Thresholds are documented next to each check.
 */

export type DocumentKind = 'PASSPORT_PAGE' | 'PHOTO';

/**
 * Images with more pixels than this are refused from their header, before anything is decoded (decompression
 * bombs, and the memory and time a huge picture costs). 25 megapixels holds a passport page (125 × 88 mm) scanned at
 * 1200 dpi (≈ 24 MP) and the full-resolution photos of current phones (12 MP, 24 MP by default on recent ones); only
 * the 48–200 MP "high resolution" camera modes are above it, and those pictures are also over the 10 MB limit.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

export const LIMITS = {
  passport: {
    minWidth: 1000,
    minHeight: 650,
    minSharpness: 60,
    minBrightness: 60,
    maxBrightness: 225,
  },
  photo: {
    minWidth: 600,
    minHeight: 750,
    minBackground: 175,
    maxBackgroundSpread: 40,
    minColour: 6,
    minBrightness: 70,
    /**
     * Variance of the Laplacian of the photo at {@link PHOTO_SHARPNESS_WIDTH} pixels across, contrast-stretched (so a
     * dim photo is not also called blurred). Calibrated on the generated test photos: sharp ones measure 230–300
     * (dark, busy-background, small and 12 MP alike), a Gaussian blur of 2 pixels at that width measures 50 and of
     * 3 pixels 18. A phone photo out of focus or shaken is well below 40; a face in focus, with its hair, eyes and
     * collar, is well above it.
     */
    minSharpness: 40,
  },
} as const;

/** The width at which a photo's sharpness is measured (every accepted photo is at least 600 pixels wide). */
export const PHOTO_SHARPNESS_WIDTH = 400;

/**
 * Greyscale pixels of the image scaled to `width` (keeps measurements independent of the upload's size); with
 * `normalise`, its luminance stretched to the full range, so a dim picture measures like a well-lit one.
 */
async function grey(image: Buffer, width: number, normalise = false) {
  let pipeline = sharp(image).resize({ width, withoutEnlargement: false }).greyscale();
  if (normalise) pipeline = pipeline.normalise();
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const mean = (values: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) sum += values[i]!;
  return values.length ? sum / values.length : 0;
};

/**
 * Variance of the Laplacian: high for sharp edges, low for a blurred picture. Measured at `width` pixels across
 * (one pass, no copies: about 5 ms for a photo). With `normalise`, on the contrast-stretched picture, so the
 * measure says whether the picture is in focus, not how bright it is.
 */
export async function sharpness(
  image: Buffer,
  { width: scaledWidth = 800, normalise = false }: { width?: number; normalise?: boolean } = {},
): Promise<number> {
  const { data, width, height } = await grey(image, scaledWidth, normalise);
  let sum = 0;
  let squares = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const i = y * width + x;
      const v = 4 * data[i]! - data[i - 1]! - data[i + 1]! - data[i - width]! - data[i + width]!;
      sum += v;
      squares += v * v;
      count += 1;
    }
  }
  if (count === 0) return 0;
  const m = sum / count;
  return squares / count - m * m;
}

/** Mean luminance 0–255. */
export async function brightness(image: Buffer): Promise<number> {
  return mean((await grey(image, 200)).data);
}

/** Mean and spread of the luminance of a frame along the borders (10% of each side). */
export async function borderStats(image: Buffer): Promise<{ mean: number; spread: number }> {
  const { data, width, height } = await grey(image, 200);
  const bw = Math.max(1, Math.round(width * 0.1));
  const bh = Math.max(1, Math.round(height * 0.1));
  const values: number[] = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (x < bw || x >= width - bw || y < bh) values.push(data[y * width + x]!);
    }
  }
  const m = mean(values);
  return { mean: m, spread: Math.sqrt(mean(values.map((v) => (v - m) ** 2))) };
}

/** Average distance between the colour channels: near 0 for a black-and-white picture. */
export async function colourfulness(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image)
    .resize({ width: 100 })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels < 3) return 0;
  let sum = 0;
  const pixels = data.length / info.channels;
  for (let i = 0; i < data.length; i += info.channels) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    sum += (Math.abs(r - g) + Math.abs(g - b) + Math.abs(r - b)) / 3;
  }
  return sum / pixels;
}

/** The smallest size a check accepts, as the parameters of its message. */
const minimum = (l: { minWidth: number; minHeight: number }) => ({
  minWidth: l.minWidth,
  minHeight: l.minHeight,
});

const check = (id: string, passed: boolean, message: string): DocumentCheck => ({
  id,
  passed,
  message,
});

/** Runs the checks of a document kind on a decoded, upright image. */
export async function checkImage(kind: DocumentKind, image: Buffer): Promise<DocumentCheck[]> {
  const meta = await sharp(image).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const light = await brightness(image);
  if (kind === 'PASSPORT_PAGE') {
    const l = LIMITS.passport;
    return [
      check(
        'resolution',
        width >= l.minWidth && height >= l.minHeight,
        apiMessage('check.passportResolution', { width, height, ...minimum(l) }),
      ),
      check('orientation', width > height, apiMessage('check.passportOrientation')),
      check(
        'sharpness',
        (await sharpness(image)) >= l.minSharpness,
        apiMessage('check.passportSharpness'),
      ),
      check('too-dark', light >= l.minBrightness, apiMessage('check.passportTooDark')),
      check('over-exposed', light <= l.maxBrightness, apiMessage('check.passportOverExposed')),
    ];
  }
  const l = LIMITS.photo;
  const border = await borderStats(image);
  return [
    check(
      'resolution',
      width >= l.minWidth && height >= l.minHeight,
      apiMessage('check.photoResolution', { width, height, ...minimum(l) }),
    ),
    check('framing', height > width, apiMessage('check.photoFraming')),
    check(
      'background',
      border.mean >= l.minBackground && border.spread <= l.maxBackgroundSpread,
      apiMessage('check.photoBackground'),
    ),
    check('colour', (await colourfulness(image)) >= l.minColour, apiMessage('check.photoColour')),
    check(
      'sharpness',
      (await sharpness(image, { width: PHOTO_SHARPNESS_WIDTH, normalise: true })) >= l.minSharpness,
      apiMessage('upload.photoBlurred'),
    ),
    check('too-dark', light >= l.minBrightness, apiMessage('check.photoTooDark')),
  ];
}
