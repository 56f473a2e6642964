import fs from 'node:fs';
import path from 'node:path';
import type { MrzRead } from '@waypoint/contracts';
import { mismatchesOf, type EnteredPassport } from '../applications/passport-mrz';
import { checkDigit, decodeZone } from './mrz-decode';
import { MRZ_ALPHABET, type CellScores } from './mrz-glyphs';
import { MrzReader } from './mrz-reader';
import { samplePassportPage, td3Lines, type SamplePassport } from './mrz-sample';

/**
 * Reading OCR-B: passport pages drawn with the OCR-B face (fixtures/, made by `npm run bench:mrz -- --out DIR`),
 * and the correction of the cells' readings with the zone's own rules.
 */

interface Fixture {
  file: string;
  condition: string;
  look: string;
  typed: EnteredPassport & { country: string; number: string };
  lines: [string, string];
}

const FIXTURES = path.join(__dirname, 'fixtures');
const sample: SamplePassport = {
  country: 'FRA',
  number: '18FR09421',
  lastName: 'MARTIN',
  firstName: 'CLAIRE',
  dateOfBirth: '1984-02-29',
  expirationDate: '2032-10-15',
  sex: 'F',
};
const fixtures = JSON.parse(
  fs.readFileSync(path.join(FIXTURES, 'mrz-pages.json'), 'utf8'),
) as Fixture[];
const image = (f: Fixture) => fs.readFileSync(path.join(FIXTURES, f.file));

/** The fields a zone's lines hold, written the way a reading gives them. */
function fieldsOf(lines: [string, string]) {
  const [last = '', ...given] = lines[0].slice(5).split('<<');
  const words = (s: string) => s.replace(/</g, ' ').trim().replace(/\s+/g, ' ');
  return {
    number: lines[1].slice(0, 9).replace(/</g, ''),
    nationalityCode: lines[1].slice(10, 13).replace(/</g, ''),
    lastName: words(last),
    firstName: words(given.join('<')),
  };
}

describe('reading passport pages printed in OCR-B', () => {
  // The worker thread the API reads pages in (the built reader, as in production).
  const reader = new MrzReader({ timeoutMs: 20_000 });
  afterAll(() => reader.close());

  it.each(fixtures.map((f) => [`${f.condition} (${f.look})`, f] as const))(
    'reads every field of a %s',
    async (_, fixture) => {
      const outcome = await reader.read(image(fixture), new Date('2026-11-28T00:00:00Z'));
      expect(outcome.ok && outcome.read).toMatchObject({
        ...fieldsOf(fixture.lines),
        nationality: fixture.typed.nationality,
        dateOfBirth: fixture.typed.dateOfBirth,
        expirationDate: fixture.typed.expirationDate,
        sex: fixture.typed.sex,
      });
      // The traveller typed the passport's details as printed (accents, apostrophes, hyphens, the whole of a
      // name the line cuts short): nothing differs.
      expect(outcome.ok && outcome.read && mismatchesOf(outcome.read, fixture.typed)).toEqual([]);
    },
    30_000,
  );

  it('says no zone was found on a page without one', async () => {
    const sharp = (await import('sharp')).default;
    const blank = await sharp({
      create: { width: 1200, height: 840, channels: 3, background: '#e8e4da' },
    })
      .jpeg()
      .toBuffer();
    expect(await reader.read(blank)).toEqual({ ok: true, read: null, reason: 'no-zone' });
  }, 30_000);

  it('says the lines were found when no reading of them passes the check digits', async () => {
    const [first, second] = td3Lines(sample);
    // The expiry date's check digit printed wrong, as on a damaged or forged page.
    const wrong = `${second.slice(0, 27)}${(Number(second[27]) + 5) % 10}${second.slice(28)}`;
    const page = await samplePassportPage(sample, { quality: 85 }, [first, wrong]);
    expect(await reader.read(page)).toEqual({ ok: true, read: null, reason: 'checks' });
  }, 60_000);

  it('reads in the worker thread without blocking the API, one page in well under its time limit', async () => {
    const fixture = fixtures.find((f) => f.condition === 'harder photo')!;
    const started = Date.now();
    const outcome = await reader.read(image(fixture));
    expect(outcome).toMatchObject({ ok: true, read: { number: fixture.typed.number } });
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);
});

/** Cells that look like the zone's characters: each its own character clearly, every other one poorly. */
function cellsOf(line: string): CellScores[] {
  return [...line].map((char) => {
    const cell: CellScores = {};
    for (const c of MRZ_ALPHABET) cell[c] = 0.3;
    cell[char] = 0.95;
    return cell;
  });
}

/** A cell where `seen` looked most like it and `truth` nearly as much. */
function misread(cells: CellScores[], at: number, seen: string, truth: string, truthScore = 0.9) {
  cells[at] = { ...cells[at]!, [seen]: 0.95, [truth]: truthScore };
}

const ann = td3Lines({
  country: 'D',
  number: 'C01X00T47',
  lastName: 'MUELLER',
  firstName: 'ANN',
  dateOfBirth: '1990-05-17',
  expirationDate: '2031-01-31',
  sex: 'F',
});

describe('correcting a reading with the zone’s rules', () => {
  it('reads a zone whose every cell is clear as it is', () => {
    expect(decodeZone(cellsOf(ann[0]), cellsOf(ann[1]))).toEqual({
      lines: ann,
      unsure: [],
      issuingUnsure: false,
    });
  });

  it('puts a digit where a date allows only digits, and a filler after the names', () => {
    const first = cellsOf(ann[0]);
    const second = cellsOf(ann[1]);
    misread(second, 14, 'O', '9'); // birth date 900517: a 9 taken for an O
    misread(first, 30, 'K', '<'); // a filler taken for a K after the names
    expect(decodeZone(first, second)?.lines).toEqual(ann);
  });

  it('tries a confusable character only where a check digit fails, and keeps the reading that passes', () => {
    const second = cellsOf(ann[1]);
    misread(second, 1, 'O', '0'); // C01X00T47 read as CO1X00T47: the number's check digit fails
    expect(decodeZone(cellsOf(ann[0]), second)?.lines[1]).toBe(ann[1]);
  });

  it('never turns a clearly printed character into another to make a check pass', () => {
    const second = cellsOf(ann[1]);
    // A 4 read as a 9, clearly (the 4 scored no better than any other character): no reading passes.
    second[7] = { ...second[7]!, '9': 0.95, '4': 0.3 };
    expect(decodeZone(cellsOf(ann[0]), second)).toBeNull();
  });

  it('marks a name unsure when one of its letters was a near thing, and sex and nationality likewise', () => {
    const first = cellsOf(ann[0]);
    const second = cellsOf(ann[1]);
    misread(first, 6, 'U', 'V', 0.93); // MUELLER: U or V
    misread(second, 20, 'F', 'M', 0.94);
    misread(second, 10, 'D', 'O', 0.93); // the state code D<< or O<<: both are no code, D wins
    const decoded = decodeZone(first, second)!;
    expect(decoded.unsure).toEqual(expect.arrayContaining(['lastName', 'sex']));
    expect(decoded.unsure).not.toContain('firstName');
  });

  it('marks a checked field unsure when a cell of it was illegible: a check digit can always be met by a guess', () => {
    const second = cellsOf(ann[1]);
    // Glare over the number's fourth character: every character looks as little like it.
    second[3] = Object.fromEntries([...MRZ_ALPHABET].map((c) => [c, 0.2]));
    const decoded = decodeZone(cellsOf(ann[0]), second)!;
    expect(decoded.unsure).toContain('number');
    expect(decoded.unsure).not.toContain('dateOfBirth');
  });

  it('marks every checked field unsure when the composite check digit was illegible', () => {
    const second = cellsOf(ann[1]);
    second[43] = Object.fromEntries([...MRZ_ALPHABET].map((c) => [c, 0.2]));
    expect(decodeZone(cellsOf(ann[0]), second)!.unsure).toEqual(
      expect.arrayContaining(['number', 'dateOfBirth', 'expirationDate']),
    );
  });

  it('refuses lines of the wrong length', () => {
    expect(decodeZone(cellsOf(ann[0]).slice(1), cellsOf(ann[1]))).toBeNull();
  });
});

describe('what a reading may offer the traveller', () => {
  const read: MrzRead = {
    number: 'C01X00T47',
    nationalityCode: 'D',
    nationality: 'DE',
    issuingCountry: 'DE',
    lastName: 'MUELLER',
    firstName: 'ANN',
    dateOfBirth: '1990-05-17',
    expirationDate: '2031-01-31',
    sex: 'female',
  };
  const typed: EnteredPassport = {
    number: 'C01X00T47',
    expirationDate: '2031-01-31',
    nationality: 'DE',
    lastName: 'Müller',
    firstName: 'Ann',
    dateOfBirth: '1990-05-17',
    sex: 'female',
  };

  it('offers a value that differs by more than confusable characters, read with every check passing', () => {
    expect(
      mismatchesOf({ ...read, number: 'C01X00T48' }, { ...typed, number: 'H12345678' }),
    ).toEqual([expect.objectContaining({ field: 'number', read: 'C01X00T48', offered: true })]);
  });

  it('asks to compare, without a one-click replacement, a value that differs only by confusable characters', () => {
    // COTX00T47 and C01X00T47 have the same check digit: two misread characters cancel out.
    expect(checkDigit('COTX00T47')).toBe(checkDigit('C01X00T47'));
    expect(mismatchesOf({ ...read, number: 'COTX00T47' }, typed)).toEqual([
      expect.objectContaining({ field: 'number', read: 'COTX00T47', offered: false }),
    ]);
  });

  it('asks to compare a field read with doubt', () => {
    expect(mismatchesOf({ ...read, lastName: 'MVELLER', unsure: ['lastName'] }, typed)).toEqual([
      expect.objectContaining({ field: 'lastName', read: 'MVELLER', offered: false }),
    ]);
  });

  it('compares a name the line cut short on what fits', () => {
    const cut = { ...read, lastName: 'WOLFESCHLEGELSTEINHAUSENBERGERDORFF', firstName: 'HU' };
    const entered = {
      ...typed,
      lastName: 'Wolfeschlegelsteinhausenbergerdorff',
      firstName: 'Hubert Blaine',
    };
    expect(mismatchesOf(cut, entered)).toEqual([]);
    expect(mismatchesOf(cut, { ...entered, firstName: 'Anna' })).toEqual([
      expect.objectContaining({ field: 'firstName' }),
    ]);
  });
});
