import sharp from 'sharp';
import { checkDigit } from './mrz-decode';
import glyphData from './ocr-b-glyphs.json';

/**
 * Generated passport pages with a valid machine-readable zone, for measuring and testing the MRZ reading (the
 * benchmark, the API tests and the browser test). Not real documents: a plain page with the printed fields and
 * the two MRZ lines printed in OCR-B from the glyphs the reader keeps (`ocr-b-glyphs.json`), so that a page looks
 * the same on every machine, whatever fonts it has.
 */

export interface SamplePassport {
  /** ICAO code of the issuing state and nationality, e.g. `FRA` (`D` for Germany). */
  country: string;
  number: string;
  lastName: string;
  firstName: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  expirationDate: string;
  sex: 'M' | 'F';
}

/** A US passport's details, used as the sample page of the tests. */
export const SAMPLE_PASSPORT: SamplePassport = {
  country: 'USA',
  number: 'X12345671',
  lastName: 'LEE',
  firstName: 'ANN',
  dateOfBirth: '1990-05-17',
  expirationDate: '2031-01-31',
  sex: 'F',
};

export interface SampleLook {
  /** Degrees, e.g. -2…2. */
  rotation?: number;
  /** JPEG quality 1–100. */
  quality?: number;
  /** Gaussian blur sigma, like a phone photo slightly out of focus (0 for none). */
  blur?: number;
  width?: number;
}

const mrzName = (name: string) => name.toUpperCase().replace(/[^A-Z]+/g, '<');
const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);

/** The two TD3 lines of a passport. */
export function td3Lines(p: SamplePassport): [string, string] {
  const country = p.country.padEnd(3, '<');
  const first = `P<${country}${mrzName(p.lastName)}<<${mrzName(p.firstName)}`
    .padEnd(44, '<')
    .slice(0, 44);
  const number = p.number.padEnd(9, '<');
  const birth = yymmdd(p.dateOfBirth);
  const expiry = yymmdd(p.expirationDate);
  const personal = '<'.repeat(14);
  const composite = `${number}${checkDigit(number)}${birth}${checkDigit(birth)}${expiry}${checkDigit(expiry)}${personal}${checkDigit(personal)}`;
  const second = `${number}${checkDigit(number)}${country}${birth}${checkDigit(birth)}${p.sex}${expiry}${checkDigit(expiry)}${personal}${checkDigit(personal)}${checkDigit(composite)}`;
  return [first, second];
}

/** Where the zone's lines are printed on the page: their left edge, the baseline of each, the character pitch. */
const ZONE = { left: 64, baselines: [785, 875], pitch: 24 } as const;

/**
 * The two lines of the zone as a grey image the size of the page (white but for the ink), drawn from the OCR-B
 * glyphs: each character's frame placed at its cell, the darker pixel kept where frames overlap.
 */
function zoneInk(lines: [string, string], width: number, height: number): Buffer {
  const data = glyphData as {
    width: number;
    height: number;
    faces: Record<string, Record<string, string>>;
  };
  const face = data.faces.regular ?? Object.values(data.faces)[0]!;
  const ink = Buffer.alloc(width * height, 255);
  // The frame's baseline sits five-sixths of the way down (capitals and digits above it, nothing below).
  const rise = Math.round((data.height * 5) / 6);
  lines.forEach((line, row) => {
    const top = ZONE.baselines[row]! - rise;
    [...line].forEach((char, i) => {
      const glyph = face[char];
      if (!glyph) return;
      const bytes = Buffer.from(glyph, 'base64');
      const left = ZONE.left + i * ZONE.pitch;
      for (let y = 0; y < data.height; y += 1)
        for (let x = 0; x < data.width; x += 1) {
          const at = (top + y) * width + left + x;
          if (top + y < 0 || top + y >= height || left + x >= width) continue;
          ink[at] = Math.min(ink[at]!, bytes[y * data.width + x]!);
        }
    });
  });
  return ink;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A passport data page (JPEG) with the passport's MRZ (or the lines given, to print a damaged zone), rotated,
 * blurred and compressed as asked.
 */
export async function samplePassportPage(
  p: SamplePassport,
  look: SampleLook = {},
  zone: [string, string] = td3Lines(p),
): Promise<Buffer> {
  const width = 1400;
  const height = 980;
  const [l1, l2] = zone;
  const label = (x: number, y: number, title: string, value: string) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="18" fill="#555">${escape(title)}</text>` +
    `<text x="${x}" y="${y + 30}" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#111">${escape(value)}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="#d6cfbf"/>
  <rect x="30" y="30" width="${width - 60}" height="${height - 60}" fill="none" stroke="#b9b09a" stroke-width="3"/>
  <text x="70" y="100" font-family="DejaVu Sans, sans-serif" font-size="34" font-weight="bold" fill="#2b3a67">PASSPORT / PASSEPORT</text>
  <rect x="70" y="150" width="300" height="380" fill="#c9c2b0"/>
  <circle cx="220" cy="290" r="85" fill="#9d957f"/>
  <rect x="110" y="390" width="220" height="140" rx="90" fill="#9d957f"/>
  ${label(420, 180, 'Surname / Nom', p.lastName.toUpperCase())}
  ${label(420, 260, 'Given names / Prénoms', p.firstName.toUpperCase())}
  ${label(420, 340, 'Nationality / Nationalité', p.country)}
  ${label(420, 420, 'Date of birth / Date de naissance', p.dateOfBirth)}
  ${label(900, 420, 'Sex / Sexe', p.sex)}
  ${label(420, 500, 'Date of expiry / Date d’expiration', p.expirationDate)}
  ${label(900, 180, 'Passport No. / N° du passeport', p.number)}
  <rect x="40" y="700" width="${width - 80}" height="220" fill="#e2ddd1"/>
</svg>`;
  const printed = await sharp(zoneInk([l1, l2], width, height), {
    raw: { width, height, channels: 1 },
  })
    .toColourspace('srgb')
    .png()
    .toBuffer();
  const page = await sharp(Buffer.from(svg))
    .flatten({ background: '#d6cfbf' })
    .composite([{ input: printed, blend: 'multiply' }])
    .png()
    .toBuffer();
  let image = sharp(page);
  if (look.rotation) image = image.rotate(look.rotation, { background: '#d8d4cc' });
  let buffer = await image.png().toBuffer();
  if (look.blur) buffer = await sharp(buffer).blur(look.blur).png().toBuffer();
  return sharp(buffer)
    .resize({ width: look.width ?? width })
    .jpeg({ quality: look.quality ?? 85 })
    .toBuffer();
}

const LAST = [
  'MARTIN',
  'OKAFOR',
  'NGUYEN',
  'GARCIA LOPEZ',
  'SCHMIDT',
  'DUBOIS',
  'KOWALSKI',
  'SILVA',
];
const FIRST = [
  'ANNA MARIA',
  'JEAN',
  'CHIDI',
  'LINH',
  'SOFIA',
  'LUKAS',
  'ZOFIA',
  'JOAO PEDRO',
  'AMIR',
];
const COUNTRIES = ['FRA', 'D', 'ESP', 'NGA', 'VNM', 'POL', 'BRA', 'USA', 'ITA', 'NLD'];

/** A small deterministic random generator, so a benchmark run can be repeated. */
export function seeded(seed: number) {
  // mulberry32
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** The `index`-th generated passport with its page's look (varied names, numbers, rotation, quality, blur). */
export function sampleCase(index: number): { passport: SamplePassport; look: SampleLook } {
  const rand = seeded(index * 7919 + 17);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');
  const letters = (n: number) =>
    Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(rand() * 26))).join('');
  const year = 1950 + Math.floor(rand() * 55);
  const pad = (n: number) => String(n).padStart(2, '0');
  const passport: SamplePassport = {
    country: pick(COUNTRIES),
    number: `${letters(2)}${digits(7)}`,
    lastName: pick(LAST),
    firstName: pick(FIRST),
    dateOfBirth: `${year}-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`,
    expirationDate: `${2027 + Math.floor(rand() * 10)}-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`,
    sex: rand() < 0.5 ? 'M' : 'F',
  };
  const look: SampleLook = {
    rotation: Math.round((rand() * 4 - 2) * 10) / 10,
    quality: 40 + Math.floor(rand() * 51),
    blur: rand() < 0.6 ? Math.round((0.6 + rand() * 0.9) * 10) / 10 : 0,
  };
  return { passport, look };
}
