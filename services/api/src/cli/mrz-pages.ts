import sharp from 'sharp';
import { checkDigit } from '../modules/documents/mrz-decode';
import { seeded } from '../modules/documents/mrz-sample';

/**
 * Passport data pages for measuring the MRZ reading (`npm run bench:mrz`): the ICAO 9303 TD3 layout, the two
 * machine-readable lines in OCR-B (Debian's `fonts-ocr-b`), names as travellers write them (hyphens, apostrophes,
 * umlauts, names too long for the line), and four conditions: clean scans, phone photos, harder photos (glare,
 * a shadow band, stronger blur) and small pictures. Each page comes with the details the traveller typed and the
 * fields its zone really holds. Not real documents.
 */

export type Condition = 'clean scan' | 'phone photo' | 'harder photo' | '1000 px wide';
export const CONDITIONS: readonly Condition[] = [
  'clean scan',
  'phone photo',
  'harder photo',
  '1000 px wide',
];

/** What the traveller typed, exactly as on their passport. */
export interface Typed {
  country: string;
  nationality: string;
  number: string;
  lastName: string;
  firstName: string;
  dateOfBirth: string;
  expirationDate: string;
  sex: 'male' | 'female';
}

export interface BenchPage {
  condition: Condition;
  typed: Typed;
  /** The zone's two lines as printed. */
  lines: [string, string];
  /** The look, in words, for the report. */
  look: string;
  image: Buffer;
}

/** Travellers' names: plain, hyphenated, with apostrophes, umlauts and accents, and too long for the line. */
const PEOPLE: { lastName: string; firstName: string }[] = [
  { lastName: 'Martin', firstName: 'Claire' },
  { lastName: "O'Sullivan", firstName: 'Siobhán' },
  { lastName: 'Müller-Lüdenscheidt', firstName: 'Jörg' },
  { lastName: 'García López', firstName: 'María José' },
  { lastName: 'Nguyen', firstName: 'Thi Minh Anh' },
  { lastName: 'Wolfeschlegelsteinhausenbergerdorff', firstName: 'Hubert Blaine' },
  { lastName: "D'Angelo", firstName: 'Luca' },
  { lastName: 'Øvergård', firstName: 'Åse' },
  { lastName: 'Okonkwo', firstName: 'Chukwuemeka Oluwaseun Adebayo' },
  { lastName: 'Schäfer', firstName: 'Anne-Sophie' },
  { lastName: 'Kowalczyk', firstName: 'Zbigniew' },
  { lastName: 'Dubois', firstName: 'Jean-Baptiste Étienne' },
];

/** ICAO code of the state → the portal's two-letter code. */
const STATES: [string, string][] = [
  ['FRA', 'FR'],
  ['IRL', 'IE'],
  ['D', 'DE'],
  ['ESP', 'ES'],
  ['USA', 'US'],
  ['AUS', 'AU'],
  ['ITA', 'IT'],
  ['NOR', 'NO'],
  ['NGA', 'NG'],
  ['AUT', 'AT'],
  ['POL', 'PL'],
  ['BRA', 'BR'],
];

/** A name as ICAO 9303 prints it in the zone: transliterated, apostrophes dropped, other marks as fillers. */
export function icaoName(name: string): string {
  return name
    .toUpperCase()
    .replace(/['’]/g, '')
    .replace(/Ä/g, 'AE')
    .replace(/Ö/g, 'OE')
    .replace(/Ü/g, 'UE')
    .replace(/ß/g, 'SS')
    .replace(/Å/g, 'AA')
    .replace(/Æ/g, 'AE')
    .replace(/Ø/g, 'OE')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Z]+/g, '<');
}

const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);

/** The two TD3 lines of a passport, names cut at the line's end. */
export function zoneOf(t: Typed): [string, string] {
  const state = t.country.padEnd(3, '<');
  const first = `P<${state}${icaoName(t.lastName)}<<${icaoName(t.firstName)}`
    .padEnd(44, '<')
    .slice(0, 44);
  const number = t.number.padEnd(9, '<');
  const birth = yymmdd(t.dateOfBirth);
  const expiry = yymmdd(t.expirationDate);
  const personal = '<'.repeat(14);
  const sex = t.sex === 'male' ? 'M' : 'F';
  const checked = [
    `${number}${checkDigit(number)}`,
    `${birth}${checkDigit(birth)}`,
    `${expiry}${checkDigit(expiry)}`,
    `${personal}${checkDigit(personal)}`,
  ];
  const composite = checkDigit(checked.join(''));
  return [first, `${checked[0]}${state}${checked[1]}${sex}${checked[2]}${checked[3]}${composite}`];
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const WIDTH = 1600;
const HEIGHT = 1126;

/** The page as drawn, before any camera: security print, photo, printed fields, the zone in OCR-B. */
function pageSvg(t: Typed, lines: [string, string], rand: () => number): string {
  const waves = Array.from({ length: 14 }, (_, i) => {
    const y = 80 + i * 55;
    const a = 12 + rand() * 18;
    const d = Array.from(
      { length: 33 },
      (_, k) => `${k === 0 ? 'M' : 'L'}${k * 50},${(y + a * Math.sin(k * 0.7 + i)).toFixed(1)}`,
    ).join(' ');
    return `<path d="${d}" fill="none" stroke="#c7d3cf" stroke-width="2"/>`;
  }).join('');
  const field = (x: number, y: number, label: string, value: string) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="19" fill="#5a6b73">${escape(label)}</text>` +
    `<text x="${x}" y="${y + 34}" font-family="DejaVu Sans" font-size="29" fill="#14202a">${escape(value)}</text>`;
  const dmy = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
  // 44 characters of OCR-B at 46 px advance 33.2 px each: the zone spans 1,461 of the page's 1,600 pixels.
  const mrz = (y: number, text: string) =>
    `<text x="70" y="${y}" font-family="OCR B" font-size="46" fill="#111">${escape(text)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <rect width="100%" height="100%" fill="#eef2ee"/>
  ${waves}
  <text x="60" y="70" font-family="DejaVu Sans" font-size="30" font-weight="bold" fill="#1d3c5a">PASSPORT · PASSEPORT · REISEPASS</text>
  <rect x="60" y="120" width="360" height="460" rx="8" fill="#d5d9d4"/>
  <ellipse cx="240" cy="300" rx="95" ry="115" fill="#a7aca4"/>
  <rect x="115" y="430" width="250" height="150" rx="100" fill="#a7aca4"/>
  ${field(470, 140, 'Type / Type', 'P')}
  ${field(640, 140, 'Code / Code', t.country)}
  ${field(880, 140, 'Passport No. / No. du passeport', t.number)}
  ${field(470, 225, 'Surname / Nom', t.lastName.toUpperCase())}
  ${field(470, 310, 'Given names / Prénoms', t.firstName.toUpperCase())}
  ${field(470, 395, 'Nationality / Nationalité', t.nationality)}
  ${field(470, 480, 'Date of birth / Date de naissance', dmy(t.dateOfBirth))}
  ${field(1000, 480, 'Sex / Sexe', t.sex === 'male' ? 'M' : 'F')}
  ${field(470, 565, 'Date of expiry / Date d’expiration', dmy(t.expirationDate))}
  <text x="470" y="680" font-family="DejaVu Sans" font-size="22" fill="#5a6b73">Holder’s signature / Signature du titulaire</text>
  <path d="M480,740 C560,690 600,770 660,720 S780,700 820,735" fill="none" stroke="#203040" stroke-width="3"/>
  ${mrz(HEIGHT - 150, lines[0])}
  ${mrz(HEIGHT - 68, lines[1])}
</svg>`;
}

/** A soft-edged overlay the size of the page: multiplied (shadow, gradient) or laid over (glare). */
function overlay(body: string, width: number, height: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`,
  );
}

/** One bench page under its condition, deterministic for its index. */
export async function benchPage(index: number, condition: Condition): Promise<BenchPage> {
  const rand = seeded(index * 104729 + CONDITIONS.indexOf(condition) * 7 + 3);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');
  const letters = (n: number) =>
    Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(rand() * 26))).join('');
  const pad = (n: number) => String(n).padStart(2, '0');
  const [country, nationality] = STATES[index % STATES.length]!;
  const person = PEOPLE[(index * 5 + CONDITIONS.indexOf(condition)) % PEOPLE.length]!;
  const numberShapes = [
    () => `${letters(2)}${digits(7)}`,
    () => `C${letters(1)}${digits(1)}${letters(1)}${digits(2)}${letters(1)}${digits(2)}`,
    () => digits(9),
    () => `${letters(1)}${digits(8)}`,
  ];
  const typed: Typed = {
    country,
    nationality,
    number: pick(numberShapes)(),
    ...person,
    dateOfBirth: `${1940 + Math.floor(rand() * 66)}-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`,
    expirationDate: `${2027 + Math.floor(rand() * 10)}-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`,
    sex: rand() < 0.5 ? 'male' : 'female',
  };
  const lines = zoneOf(typed);
  let page = sharp(Buffer.from(pageSvg(typed, lines, rand))).flatten({ background: '#eef2ee' });
  let look: string;
  let width = WIDTH;
  let quality = 92;
  const layers: sharp.OverlayOptions[] = [];
  let blur = 0;
  let tilt = 0;
  switch (condition) {
    case 'clean scan':
      look = 'flat, 1600 px, JPEG 92';
      break;
    case 'phone photo': {
      tilt = Math.round((rand() * 6 - 3) * 10) / 10;
      blur = Math.round((0.5 + rand() * 0.5) * 10) / 10;
      quality = 55 + Math.floor(rand() * 26);
      const angle = Math.floor(rand() * 360);
      layers.push({
        input: overlay(
          `<defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#9a9488"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`,
          WIDTH,
          HEIGHT,
        ),
        blend: 'multiply',
      });
      look = `tilt ${tilt}°, lighting gradient, blur ${blur}, JPEG ${quality}`;
      break;
    }
    case 'harder photo': {
      tilt = Math.round((rand() * 4 - 2) * 10) / 10;
      blur = Math.round((1.1 + rand() * 0.5) * 10) / 10;
      quality = 60 + Math.floor(rand() * 21);
      const glareX = 200 + Math.floor(rand() * 1100);
      const shadowX = 100 + Math.floor(rand() * 1300);
      layers.push(
        {
          input: overlay(
            `<defs><linearGradient id="s" x1="0" x2="1"><stop offset="0" stop-color="#fff"/><stop offset="0.3" stop-color="#8a8478"/><stop offset="0.7" stop-color="#8a8478"/><stop offset="1" stop-color="#fff"/></linearGradient></defs><rect x="${shadowX}" y="0" width="240" height="${HEIGHT}" fill="url(#s)" transform="rotate(12 ${shadowX} ${HEIGHT / 2})"/>`,
            WIDTH,
            HEIGHT,
          ),
          blend: 'multiply',
        },
        {
          input: overlay(
            `<defs><radialGradient id="r"><stop offset="0" stop-color="#fff" stop-opacity="0.7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><ellipse cx="${glareX}" cy="${HEIGHT - 110}" rx="260" ry="120" fill="url(#r)"/>`,
            WIDTH,
            HEIGHT,
          ),
          blend: 'over',
        },
      );
      look = `tilt ${tilt}°, glare at x ${glareX}, shadow band at x ${shadowX}, blur ${blur}, JPEG ${quality}`;
      break;
    }
    case '1000 px wide':
      width = 1000;
      tilt = Math.round((rand() * 2 - 1) * 10) / 10;
      quality = 75 + Math.floor(rand() * 16);
      look = `1000 px, tilt ${tilt}°, JPEG ${quality}`;
      break;
  }
  if (layers.length) page = sharp(await page.composite(layers).png().toBuffer());
  let buffer = await page.png().toBuffer();
  if (tilt) {
    // The page photographed on a darker table, turned.
    buffer = await sharp(buffer)
      .extend({ top: 60, bottom: 60, left: 60, right: 60, background: '#4b4a46' })
      .rotate(tilt, { background: '#4b4a46' })
      .png()
      .toBuffer();
  }
  if (blur) buffer = await sharp(buffer).blur(blur).png().toBuffer();
  const image = await sharp(buffer).resize({ width }).jpeg({ quality }).toBuffer();
  return { condition, typed, lines, look, image };
}
