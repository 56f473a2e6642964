import {
  alignmentPositions,
  byteCapacity,
  encodeDataCodewords,
  encodeQr,
  formatBits,
  functionModules,
  gfMultiply,
  maskApplies,
  reedSolomonDivisor,
  reedSolomonRemainder,
  versionBits,
  type ErrorCorrection,
  type QrMatrix,
} from './qr';

// Tables of the ISO/IEC 18004 standard, used as reference outputs.
const FORMAT_TABLE: Record<ErrorCorrection, string[]> = {
  L: [
    '111011111000100',
    '111001011110011',
    '111110110101010',
    '111100010011101',
    '110011000101111',
    '110001100011000',
    '110110001000001',
    '110100101110110',
  ],
  M: [
    '101010000010010',
    '101000100100101',
    '101111001111100',
    '101101101001011',
    '100010111111001',
    '100000011001110',
    '100111110010111',
    '100101010100000',
  ],
};

/** α^i in GF(256). */
function alphaPower(i: number): number {
  let value = 1;
  for (let k = 0; k < i; k += 1) value = gfMultiply(value, 2);
  return value;
}

/** The codeword polynomial evaluated at x (Horner), highest degree first. */
function evaluate(codewords: readonly number[], x: number): number {
  return codewords.reduce((acc, c) => gfMultiply(acc, x) ^ c, 0);
}

const BLOCKS: Record<string, { count: number; ecc: number }> = {
  '1M': { count: 1, ecc: 10 },
  '1L': { count: 1, ecc: 7 },
  '3M': { count: 1, ecc: 26 },
  '5L': { count: 1, ecc: 26 },
  '5M': { count: 2, ecc: 24 },
  '10L': { count: 4, ecc: 18 },
  '10M': { count: 5, ecc: 26 },
  '11L': { count: 4, ecc: 20 },
  '12L': { count: 4, ecc: 24 },
};

/** A small independent reader: format bits, unmasking, zigzag order, de-interleaving, syndromes, byte mode. */
function decode(qr: QrMatrix): { text: string; syndromesZero: boolean; format: number } {
  const { size, modules, version } = qr;
  const at = (x: number, y: number) => modules[y]?.[x] === true;
  let format = 0;
  const firstCopy: [number, number][] = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ];
  firstCopy.forEach(([x, y], i) => {
    if (at(x, y)) format |= 1 << i;
  });
  let second = 0;
  for (let i = 0; i < 8; i += 1) if (at(size - 1 - i, 8)) second |= 1 << i;
  for (let i = 8; i < 15; i += 1) if (at(8, size - 15 + i)) second |= 1 << i;
  expect(second).toBe(format);
  const unmasked = (format ^ 0x5412) >>> 10;
  const mask = unmasked & 7;
  const ecl: ErrorCorrection = unmasked >>> 3 === 1 ? 'L' : 'M';

  const isFunction = functionModules(version);
  const bits: number[] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vertical = 0; vertical < size; vertical += 1) {
      for (let j = 0; j < 2; j += 1) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - vertical : vertical;
        if (!isFunction[y]?.[x]) bits.push(at(x, y) !== maskApplies(mask, x, y) ? 1 : 0);
      }
    }
  }
  const codewords: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) {
    codewords.push(bits.slice(i, i + 8).reduce((acc, b) => (acc << 1) | b, 0));
  }

  const blockInfo = BLOCKS[`${version}${ecl}`];
  if (!blockInfo) throw new Error(`No block table for ${version}-${ecl}`);
  const { count, ecc } = blockInfo;
  const total = codewords.length;
  const shortBlocks = count - (total % count);
  const shortLength = Math.floor(total / count);
  const blocks: number[][] = Array.from({ length: count }, () => []);
  let index = 0;
  const dataLength = (j: number) => shortLength - ecc + (j < shortBlocks ? 0 : 1);
  for (let i = 0; i < shortLength - ecc + 1; i += 1) {
    for (let j = 0; j < count; j += 1) {
      if (i < dataLength(j)) blocks[j]?.push(codewords[index++] ?? 0);
    }
  }
  for (let i = 0; i < ecc; i += 1) {
    for (let j = 0; j < count; j += 1) blocks[j]?.push(codewords[index++] ?? 0);
  }
  // A valid Reed–Solomon codeword has the generator's roots α^0 … α^(ecc-1) as roots.
  const syndromesZero = blocks.every((block) =>
    Array.from({ length: ecc }, (_, i) => evaluate(block, alphaPower(i))).every((s) => s === 0),
  );
  const data = blocks.flatMap((block, j) => block.slice(0, dataLength(j)));
  const dataBits = data.flatMap((byte) =>
    Array.from({ length: 8 }, (_, i) => (byte >>> (7 - i)) & 1),
  );
  const read = (from: number, length: number) =>
    dataBits.slice(from, from + length).reduce((acc, b) => (acc << 1) | b, 0);
  expect(read(0, 4)).toBe(0b0100);
  const countLength = version <= 9 ? 8 : 16;
  const length = read(4, countLength);
  const bytes = Uint8Array.from({ length }, (_, i) => read(4 + countLength + i * 8, 8));
  return { text: new TextDecoder().decode(bytes), syndromesZero, format };
}

describe('QR encoder', () => {
  it('knows the byte-mode capacities of the standard', () => {
    const capacities: [number, ErrorCorrection, number][] = [
      [1, 'L', 17],
      [1, 'M', 14],
      [2, 'M', 26],
      [3, 'M', 42],
      [4, 'M', 62],
      [5, 'M', 84],
      [6, 'M', 106],
      [7, 'M', 122],
      [8, 'M', 152],
      [9, 'M', 180],
      [10, 'M', 213],
      [10, 'L', 271],
      [15, 'M', 412],
      [40, 'M', 2331],
      [40, 'L', 2953],
    ];
    for (const [version, ecl, bytes] of capacities) {
      expect([version, ecl, byteCapacity(version, ecl)]).toEqual([version, ecl, bytes]);
    }
  });

  it('computes Reed–Solomon codewords: the HELLO WORLD 1-M reference', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(reedSolomonRemainder(data, reedSolomonDivisor(10))).toEqual([
      196, 35, 39, 119, 235, 215, 231, 226, 93, 23,
    ]);
  });

  it('pads byte-mode data with the terminator, then 0xEC 0x11', () => {
    const codewords = encodeDataCodewords(new TextEncoder().encode('A'), 1, 'M');
    // 0100 | 00000001 | 01000001 | 0000 → 0x40 0x14 0x10, then pad bytes.
    expect(codewords).toEqual([
      0x40, 0x14, 0x10, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11,
      0xec,
    ]);
  });

  it('computes the format and version information of the standard', () => {
    for (const ecl of ['L', 'M'] as const) {
      FORMAT_TABLE[ecl].forEach((expected, mask) => {
        expect(formatBits(ecl, mask).toString(2).padStart(15, '0')).toBe(expected);
      });
    }
    expect(versionBits(7)).toBe(0x07c94);
    expect(versionBits(10)).toBe(0x0a4d3);
  });

  it('places alignment patterns where the standard does', () => {
    expect(alignmentPositions(1)).toEqual([]);
    expect(alignmentPositions(2)).toEqual([6, 18]);
    expect(alignmentPositions(7)).toEqual([6, 22, 38]);
    expect(alignmentPositions(10)).toEqual([6, 28, 50]);
    expect(alignmentPositions(32)).toEqual([6, 34, 60, 86, 112, 138]);
  });

  it('draws finder patterns, timing patterns and the dark module', () => {
    const qr = encodeQr('A');
    expect([qr.version, qr.errorCorrection, qr.size]).toEqual([1, 'M', 21]);
    const finder = ['1111111', '1000001', '1011101', '1011101', '1011101', '1000001', '1111111'];
    const row = (x: number, y: number) =>
      Array.from({ length: 7 }, (_, dx) => (qr.modules[y]?.[x + dx] ? '1' : '0')).join('');
    for (const [x, y] of [
      [0, 0],
      [14, 0],
      [0, 14],
    ] as const) {
      expect(Array.from({ length: 7 }, (_, dy) => row(x, y + dy))).toEqual(finder);
    }
    // Separators are light; timing patterns alternate between the finders.
    expect(qr.modules[7]?.slice(0, 8).every((dark) => !dark)).toBe(true);
    expect(qr.modules[6]?.slice(8, 13)).toEqual([true, false, true, false, true]);
    expect(qr.modules.slice(8, 13).map((r) => r[6])).toEqual([true, false, true, false, true]);
    expect(qr.modules[qr.size - 8]?.[8]).toBe(true);
  });

  it.each([
    ['A', undefined],
    ['HELLO WORLD', 0],
    ['https://waypoint.example/upload/abc', 3],
    ['é ünïcode ✓', 6],
    ['x'.repeat(100), 2],
    [`https://portal.example.com/upload/${'a1B2.'.repeat(46)}`, undefined],
    [`https://portal.example.com/upload/${'z'.repeat(250)}`, 7],
  ])('round-trips case %# through an independent reader', (text, mask) => {
    const qr = encodeQr(text, mask === undefined ? {} : { mask });
    const decoded = decode(qr);
    expect(decoded.text).toBe(text);
    expect(decoded.syndromesZero).toBe(true);
    expect(decoded.format).toBe(formatBits(qr.errorCorrection, qr.mask));
    expect(qr.size).toBe(qr.version * 4 + 17);
  });

  it('fits a phone-upload link of about 250 characters in version 10 or 11', () => {
    const qr = encodeQr(`https://portal.example.com/upload/${'t'.repeat(216)}`);
    expect(qr.version).toBeLessThanOrEqual(11);
  });

  it('refuses a text too long for any version', () => {
    expect(() => encodeQr('x'.repeat(3000))).toThrow('Text too long for a QR Code');
  });
});
