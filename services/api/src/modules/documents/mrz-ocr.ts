import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import type { MrzRead } from '@waypoint/contracts';
import { MAX_INPUT_PIXELS } from './image-checks';
import { decodeZone } from './mrz-decode';
import { scoreLine } from './mrz-glyphs';
import { namesFromText, parseTd3, readMrzLines, td3Candidates } from './mrz-read';
import { planeOf, straightened, zoneLines } from './mrz-zone';

/**
 * Optical reading of a passport page's MRZ, entirely offline, inside the MRZ worker thread (see mrz-reader.ts).
 * First by the shapes of OCR-B, the face the zone is printed in (mrz-zone.ts, mrz-glyphs.ts, mrz-decode.ts);
 * a page that does not read so (a zone in another face) is read again by tesseract.js, a general model
 * restricted to the zone's alphabet: its WebAssembly core comes from `tesseract.js-core` and its English LSTM
 * model from `@tesseract.js-data/eng`, both in node_modules (nothing is downloaded at run time).
 */

/**
 * The MRZ of a page printed in OCR-B: the page evened out and straightened, the zone's two lines found (the
 * bottom-most pair first) and each cell compared with OCR-B's characters; null when no pair reads with every
 * check digit right.
 */
export async function readOcrB(image: Buffer, today = new Date()): Promise<MrzAttempt> {
  const plane = straightened(await planeOf(image));
  const pairs = zoneLines(plane);
  for (const [upper, lower] of pairs) {
    const decoded = decodeZone(scoreLine(plane, upper), scoreLine(plane, lower));
    const read = decoded && parseTd3(decoded.lines, today);
    if (read)
      return {
        read: {
          ...read,
          // A state code another code nearly matched is not given: it would prefill the issuing country.
          issuingCountry: decoded.issuingUnsure ? null : read.issuingCountry,
          unsure: decoded.unsure,
        },
      };
  }
  return { read: null, reason: pairs.length ? 'checks' : 'no-zone' };
}

/** The folder holding `eng.traineddata.gz` (the integer LSTM model: smaller and faster, as accurate here). */
function languageFolder() {
  const entry = require.resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(entry), '4.0.0_best_int');
}

function workerScript() {
  const entry = require.resolve('tesseract.js/package.json');
  return path.join(path.dirname(entry), 'src', 'worker-script', 'node', 'index.js');
}

/** A recogniser restricted to the MRZ's alphabet, reading the crop as one block of text. */
export async function createRecogniser(): Promise<Worker> {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: languageFolder(),
    workerPath: workerScript(),
    gzip: true,
    // The model is read from node_modules each time; no copy is written in the working directory.
    cacheMethod: 'none',
  });
  await worker.setParameters({
    tessedit_char_whitelist: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<',
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    preserve_interword_spaces: '0',
  });
  return worker;
}

/**
 * The ways the bottom of the page is prepared for the recogniser, tried in turn until one reads with right check
 * digits: a light clean-up first, then a binarised one, then small turns for a page photographed askew, then a
 * taller crop for a page framed with a margin below.
 */
const ATTEMPTS: { crop: number; threshold?: number; rotate?: number }[] = [
  { crop: 0.34 },
  { crop: 0.34, threshold: 150 },
  { crop: 0.34, rotate: 1.5 },
  { crop: 0.34, rotate: -1.5 },
  { crop: 0.5 },
];

/** The bottom part of an upright page, greyscale, 1600 pixels wide, contrast stretched. */
async function prepareCrop(image: Buffer, attempt: (typeof ATTEMPTS)[number]): Promise<Buffer> {
  const page = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
    .autoOrient()
    .greyscale()
    .resize({ width: 1600 });
  let rotated = page;
  if (attempt.rotate) rotated = page.rotate(attempt.rotate, { background: '#ffffff' });
  const { data, info } = await rotated.png().toBuffer({ resolveWithObject: true });
  const top = Math.round(info.height * (1 - attempt.crop));
  let crop = sharp(data)
    .extract({ left: 0, top, width: info.width, height: info.height - top })
    .normalise()
    .sharpen();
  if (attempt.threshold) crop = crop.threshold(attempt.threshold);
  return crop.png().toBuffer();
}

/**
 * What reading a page gave: the fields, or why there are none: `no-zone` when no two lines of a zone were found,
 * `checks` when lines were found but no reading of them passed the check digits.
 */
export type MrzAttempt = { read: MrzRead } | { read: null; reason: 'no-zone' | 'checks' };

/**
 * Reads the MRZ of a passport page image: by OCR-B first, then by the general model (an image that cannot be
 * decoded has no zone).
 */
export async function readPassportMrz(
  recogniser: () => Promise<Worker>,
  image: Buffer,
  today = new Date(),
): Promise<MrzAttempt> {
  let first: MrzAttempt;
  try {
    first = await readOcrB(image, today);
  } catch {
    return { read: null, reason: 'no-zone' };
  }
  if (first.read) return first;
  const general = await readGeneral(await recogniser(), image, today);
  if (general.read || general.reason === 'checks') return general;
  return first;
}

/**
 * Reads the MRZ with the general model, each preparation in turn. The second line's check digits vouch for it;
 * the names of the first line have none, so once a read passes, further passes read the names again until two
 * agree; names no second pass confirmed are unsure.
 */
async function readGeneral(recogniser: Worker, image: Buffer, today: Date): Promise<MrzAttempt> {
  let found: { read: MrzRead; lines: [string, string] } | null = null;
  let linesSeen = false;
  const votes = new Map<string, number>();
  const vote = (names: { lastName: string; firstName: string }) => {
    const key = `${names.lastName}|${names.firstName}`;
    votes.set(key, (votes.get(key) ?? 0) + 1);
    return votes.get(key)! >= 2 ? names : null;
  };
  for (const attempt of ATTEMPTS) {
    let crop: Buffer;
    try {
      crop = await prepareCrop(image, attempt);
    } catch {
      break;
    }
    const { data } = await recogniser.recognize(crop);
    if (!found) {
      linesSeen ||= td3Candidates(data.text).length > 0;
      found = readMrzLines(data.text, today);
      if (found) vote(found.read);
      continue;
    }
    const names = namesFromText(data.text, found.lines[1], today);
    const agreed = names ? vote(names) : null;
    if (agreed) return { read: { ...found.read, ...agreed } };
  }
  if (found) return { read: { ...found.read, unsure: ['lastName', 'firstName'] } };
  return { read: null, reason: linesSeen ? 'checks' : 'no-zone' };
}
