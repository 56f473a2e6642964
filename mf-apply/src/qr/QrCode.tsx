import { useMemo } from 'react';
import { create } from 'qrcode';

export interface QrCodeProps {
  /** The text (a URL) to encode. */
  value: string;
  /** The accessible name of the image. */
  label: string;
  /** Rendered width and height in CSS pixels. */
  size?: number;
  /** Light modules around the symbol; the standard asks for 4. */
  quietZone?: number;
}

/** The error correction level asked for: M restores about 15% of a damaged or badly lit code. */
const ERROR_CORRECTION = 'M';

/** The module matrix of `value` as the `qrcode` package encodes it: `modules[y][x]` is true for a dark module. */
export function qrModules(value: string): { version: number; modules: boolean[][] } {
  const qr = create(value, { errorCorrectionLevel: ERROR_CORRECTION });
  const { size } = qr.modules;
  const modules = Array.from({ length: size }, (_, y) =>
    Array.from({ length: size }, (_, x) => qr.modules.get(y, x) === 1),
  );
  return { version: qr.version, modules };
}

/** The dark modules of each row as one SVG path (runs of dark modules become one rectangle each). */
export function qrPath(modules: readonly (readonly boolean[])[], offset: number): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      parts.push(`M${start + offset} ${y + offset}h${x - start}v1h${start - x}z`);
    }
  });
  return parts.join('');
}

/** A QR Code drawn as SVG, black on white with a quiet zone. */
export function QrCode({ value, label, size = 220, quietZone = 4 }: QrCodeProps) {
  const qr = useMemo(() => qrModules(value), [value]);
  const extent = qr.modules.length + quietZone * 2;
  return (
    <svg
      className="wpp-qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${extent} ${extent}`}
      shapeRendering="crispEdges"
      data-version={qr.version}
      data-error-correction={ERROR_CORRECTION}
    >
      <rect width={extent} height={extent} fill="#ffffff" />
      <path d={qrPath(qr.modules, quietZone)} fill="#000000" />
    </svg>
  );
}
