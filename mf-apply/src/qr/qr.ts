/**
 * A small QR Code (ISO/IEC 18004) encoder: byte mode, error correction level L or M, versions 1 to 40, with the
 * mask chosen by the standard penalty rules. Enough for the phone-upload links; no dependency.
 */

export type ErrorCorrection = 'L' | 'M';

/** The module matrix: `modules[y][x]` is true for a dark module. */
export interface QrMatrix {
  version: number;
  errorCorrection: ErrorCorrection;
  mask: number;
  size: number;
  modules: boolean[][];
}

// Index 0 is unused; index v is for version v (ISO/IEC 18004 table 9).
const ECC_CODEWORDS_PER_BLOCK: Record<ErrorCorrection, readonly number[]> = {
  L: [
    -1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30,
    30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  M: [
    -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  ],
};

const ERROR_CORRECTION_BLOCKS: Record<ErrorCorrection, readonly number[]> = {
  L: [
    -1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14,
    15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
  ],
  M: [
    -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23,
    25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
  ],
};

/** The two format bits of each level (L = 01, M = 00). */
const FORMAT_BITS: Record<ErrorCorrection, number> = { L: 1, M: 0 };

export const MIN_VERSION = 1;
export const MAX_VERSION = 40;

function bit(value: number, index: number): boolean {
  return ((value >>> index) & 1) !== 0;
}

/** Modules left for data and error correction codewords (including remainder bits) in a version. */
export function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const alignments = Math.floor(version / 7) + 2;
    result -= (25 * alignments - 10) * alignments - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

/** Data codewords (8-bit) a version and level hold. */
export function dataCodewords(version: number, ecl: ErrorCorrection): number {
  return (
    Math.floor(rawDataModules(version) / 8) -
    (ECC_CODEWORDS_PER_BLOCK[ecl][version] ?? 0) * (ERROR_CORRECTION_BLOCKS[ecl][version] ?? 0)
  );
}

function countBits(version: number): number {
  return version <= 9 ? 8 : 16;
}

/** How many bytes a version and level hold in byte mode. */
export function byteCapacity(version: number, ecl: ErrorCorrection): number {
  return Math.floor((dataCodewords(version, ecl) * 8 - 4 - countBits(version)) / 8);
}

// ---- Reed–Solomon over GF(2^8) with the polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D) ----

export function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i -= 1) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

/** The generator polynomial (x - α^0)…(x - α^(degree-1)), coefficients from highest to lowest, leading 1 left out. */
export function reedSolomonDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i += 1) {
    for (let j = 0; j < degree; j += 1) {
      result[j] = gfMultiply(result[j] ?? 0, root);
      if (j + 1 < degree) result[j] = (result[j] ?? 0) ^ (result[j + 1] ?? 0);
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

/** The error correction codewords of `data`: the remainder of data·x^n divided by the generator. */
export function reedSolomonRemainder(
  data: readonly number[],
  divisor: readonly number[],
): number[] {
  const result = new Array<number>(divisor.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() ?? 0);
    result.push(0);
    divisor.forEach((coefficient, i) => {
      result[i] = (result[i] ?? 0) ^ gfMultiply(coefficient, factor);
    });
  }
  return result;
}

// ---- Data ----

/** The data codewords for `bytes` in byte mode, with terminator and pad bytes, for a version and level. */
export function encodeDataCodewords(
  bytes: Uint8Array,
  version: number,
  ecl: ErrorCorrection,
): number[] {
  const capacityBits = dataCodewords(version, ecl) * 8;
  const bits: number[] = [];
  const append = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i -= 1) bits.push((value >>> i) & 1);
  };
  append(0b0100, 4);
  append(bytes.length, countBits(version));
  bytes.forEach((byte) => append(byte, 8));
  if (bits.length > capacityBits) throw new Error('Data too long for this version');
  append(0, Math.min(4, capacityBits - bits.length));
  append(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacityBits; pad ^= 0xec ^ 0x11) append(pad, 8);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) {
    codewords.push(bits.slice(i, i + 8).reduce((acc, b) => (acc << 1) | b, 0));
  }
  return codewords;
}

/** Splits the data into blocks, adds each block's error correction and interleaves them. */
export function addErrorCorrection(
  data: readonly number[],
  version: number,
  ecl: ErrorCorrection,
): number[] {
  const blockCount = ERROR_CORRECTION_BLOCKS[ecl][version] ?? 1;
  const eccLength = ECC_CODEWORDS_PER_BLOCK[ecl][version] ?? 0;
  const rawCodewords = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blockCount - (rawCodewords % blockCount);
  const shortBlockLength = Math.floor(rawCodewords / blockCount);
  const divisor = reedSolomonDivisor(eccLength);
  const blocks: number[][] = [];
  let offset = 0;
  for (let i = 0; i < blockCount; i += 1) {
    const length = shortBlockLength - eccLength + (i < shortBlocks ? 0 : 1);
    const block = data.slice(offset, offset + length);
    offset += length;
    const ecc = reedSolomonRemainder(block, divisor);
    // A placeholder keeps the short blocks aligned with the long ones; it is skipped below.
    if (i < shortBlocks) block.push(0);
    blocks.push([...block, ...ecc]);
  }
  const result: number[] = [];
  for (let i = 0; i < shortBlockLength + 1; i += 1) {
    blocks.forEach((block, j) => {
      if (i !== shortBlockLength - eccLength || j >= shortBlocks) result.push(block[i] ?? 0);
    });
  }
  return result;
}

// ---- Function patterns ----

/** The centre positions of the alignment patterns on each axis. */
export function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const size = version * 4 + 17;
  const step = version === 32 ? 26 : Math.ceil((size - 13) / (count * 2 - 2)) * 2;
  const result = [6];
  for (let i = 0, position = size - 7; i < count - 1; i += 1, position -= step) {
    result.splice(1, 0, position);
  }
  return result;
}

/** The 15 format bits (level and mask with their BCH code, XOR-masked). */
export function formatBits(ecl: ErrorCorrection, mask: number): number {
  const data = (FORMAT_BITS[ecl] << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i += 1) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

/** The 18 version bits (versions 7 and up). */
export function versionBits(version: number): number {
  let rem = version;
  for (let i = 0; i < 12; i += 1) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
  return (version << 12) | rem;
}

class Builder {
  readonly size: number;
  readonly modules: boolean[][];
  readonly isFunction: boolean[][];

  constructor(readonly version: number) {
    this.size = version * 4 + 17;
    this.modules = Array.from({ length: this.size }, () =>
      new Array<boolean>(this.size).fill(false),
    );
    this.isFunction = Array.from({ length: this.size }, () =>
      new Array<boolean>(this.size).fill(false),
    );
  }

  set(x: number, y: number, dark: boolean) {
    (this.modules[y] as boolean[])[x] = dark;
    (this.isFunction[y] as boolean[])[x] = true;
  }

  drawFunctionPatterns(ecl: ErrorCorrection) {
    const { size } = this;
    for (let i = 0; i < size; i += 1) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    this.drawFinder(3, 3);
    this.drawFinder(size - 4, 3);
    this.drawFinder(3, size - 4);
    const positions = alignmentPositions(this.version);
    const last = positions.length - 1;
    positions.forEach((x, i) =>
      positions.forEach((y, j) => {
        const onFinder = (i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0);
        if (!onFinder) this.drawAlignment(x, y);
      }),
    );
    this.drawFormat(ecl, 0);
    this.drawVersion();
  }

  drawFinder(cx: number, cy: number) {
    for (let dy = -4; dy <= 4; dy += 1) {
      for (let dx = -4; dx <= 4; dx += 1) {
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        const x = cx + dx;
        const y = cy + dy;
        if (x >= 0 && x < this.size && y >= 0 && y < this.size) {
          this.set(x, y, distance !== 2 && distance !== 4);
        }
      }
    }
  }

  drawAlignment(cx: number, cy: number) {
    for (let dy = -2; dy <= 2; dy += 1) {
      for (let dx = -2; dx <= 2; dx += 1) {
        this.set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    }
  }

  drawFormat(ecl: ErrorCorrection, mask: number) {
    const bits = formatBits(ecl, mask);
    const { size } = this;
    for (let i = 0; i <= 5; i += 1) this.set(8, i, bit(bits, i));
    this.set(8, 7, bit(bits, 6));
    this.set(8, 8, bit(bits, 7));
    this.set(7, 8, bit(bits, 8));
    for (let i = 9; i < 15; i += 1) this.set(14 - i, 8, bit(bits, i));
    for (let i = 0; i < 8; i += 1) this.set(size - 1 - i, 8, bit(bits, i));
    for (let i = 8; i < 15; i += 1) this.set(8, size - 15 + i, bit(bits, i));
    this.set(8, size - 8, true);
  }

  drawVersion() {
    if (this.version < 7) return;
    const bits = versionBits(this.version);
    for (let i = 0; i < 18; i += 1) {
      const dark = bit(bits, i);
      const a = this.size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      this.set(a, b, dark);
      this.set(b, a, dark);
    }
  }

  drawCodewords(codewords: readonly number[]) {
    const { size } = this;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vertical = 0; vertical < size; vertical += 1) {
        for (let j = 0; j < 2; j += 1) {
          const x = right - j;
          const upward = ((right + 1) & 2) === 0;
          const y = upward ? size - 1 - vertical : vertical;
          if (!this.isFunction[y]?.[x] && i < codewords.length * 8) {
            (this.modules[y] as boolean[])[x] = bit(codewords[i >>> 3] ?? 0, 7 - (i & 7));
            i += 1;
          }
        }
      }
    }
  }

  applyMask(mask: number) {
    for (let y = 0; y < this.size; y += 1) {
      for (let x = 0; x < this.size; x += 1) {
        if (!this.isFunction[y]?.[x] && maskApplies(mask, x, y)) {
          const row = this.modules[y] as boolean[];
          row[x] = !row[x];
        }
      }
    }
  }
}

/** Which modules of a version are function patterns (finders, timing, alignment, format and version info). */
export function functionModules(version: number): boolean[][] {
  const builder = new Builder(version);
  builder.drawFunctionPatterns('M');
  return builder.isFunction;
}

/** Whether mask pattern `mask` flips the module at column x, row y. */
export function maskApplies(mask: number, x: number, y: number): boolean {
  switch (mask) {
    case 0:
      return (x + y) % 2 === 0;
    case 1:
      return y % 2 === 0;
    case 2:
      return x % 3 === 0;
    case 3:
      return (x + y) % 3 === 0;
    case 4:
      return (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0;
    case 5:
      return ((x * y) % 2) + ((x * y) % 3) === 0;
    case 6:
      return (((x * y) % 2) + ((x * y) % 3)) % 2 === 0;
    default:
      return (((x + y) % 2) + ((x * y) % 3)) % 2 === 0;
  }
}

function lineRuns(line: readonly boolean[]): number {
  let penalty = 0;
  let run = 1;
  for (let i = 1; i <= line.length; i += 1) {
    if (i < line.length && line[i] === line[i - 1]) {
      run += 1;
    } else {
      if (run >= 5) penalty += 3 + (run - 5);
      run = 1;
    }
  }
  return penalty;
}

const FINDER_LIKE = [true, false, true, true, true, false, true];

function finderLike(line: readonly boolean[]): number {
  let count = 0;
  const light = (from: number, to: number) => {
    for (let i = from; i < to; i += 1) if (line[i] === true) return false;
    return true; // outside the symbol counts as light
  };
  for (let start = 0; start + 7 <= line.length; start += 1) {
    if (FINDER_LIKE.every((dark, k) => line[start + k] === dark)) {
      if (light(start - 4, start) || light(start + 7, start + 11)) count += 1;
    }
  }
  return count * 40;
}

/** The ISO penalty score of a finished matrix (lower is easier to scan). */
export function penaltyScore(modules: readonly (readonly boolean[])[]): number {
  const size = modules.length;
  const columns = Array.from({ length: size }, (_, x) => modules.map((row) => row[x] === true));
  let penalty = 0;
  let dark = 0;
  for (const line of [...modules, ...columns]) penalty += lineRuns(line) + finderLike(line);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const here = modules[y]?.[x];
      if (here) dark += 1;
      if (
        x + 1 < size &&
        y + 1 < size &&
        here === modules[y]?.[x + 1] &&
        here === modules[y + 1]?.[x] &&
        here === modules[y + 1]?.[x + 1]
      ) {
        penalty += 3;
      }
    }
  }
  const total = size * size;
  penalty += Math.floor(Math.abs(dark * 20 - total * 10) / total) * 10;
  return penalty;
}

export interface EncodeOptions {
  /** The preferred level; a longer text falls back to L before a larger version is needed. Default M. */
  errorCorrection?: ErrorCorrection;
  minVersion?: number;
  maxVersion?: number;
  /** A fixed mask (0–7) instead of the one with the lowest penalty. */
  mask?: number;
}

/** Encodes `text` (as UTF-8) into the smallest QR Code that holds it. */
export function encodeQr(text: string, options: EncodeOptions = {}): QrMatrix {
  const bytes = new TextEncoder().encode(text);
  const { errorCorrection = 'M', minVersion = MIN_VERSION, maxVersion = MAX_VERSION } = options;
  const levels: ErrorCorrection[] = errorCorrection === 'M' ? ['M', 'L'] : ['L'];
  let chosen: { version: number; ecl: ErrorCorrection } | null = null;
  for (let version = minVersion; version <= maxVersion && !chosen; version += 1) {
    const ecl = levels.find((level) => bytes.length <= byteCapacity(version, level));
    if (ecl) chosen = { version, ecl };
  }
  if (!chosen) throw new Error('Text too long for a QR Code');
  const { version, ecl } = chosen;
  const codewords = addErrorCorrection(encodeDataCodewords(bytes, version, ecl), version, ecl);

  const render = (mask: number) => {
    const builder = new Builder(version);
    builder.drawFunctionPatterns(ecl);
    builder.drawCodewords(codewords);
    builder.applyMask(mask);
    builder.drawFormat(ecl, mask);
    return builder.modules;
  };

  let mask = options.mask ?? -1;
  let modules: boolean[][] = [];
  if (mask >= 0) {
    modules = render(mask);
  } else {
    let best = Infinity;
    for (let candidate = 0; candidate < 8; candidate += 1) {
      const attempt = render(candidate);
      const score = penaltyScore(attempt);
      if (score < best) {
        best = score;
        mask = candidate;
        modules = attempt;
      }
    }
  }
  return { version, errorCorrection: ecl, mask, size: version * 4 + 17, modules };
}
