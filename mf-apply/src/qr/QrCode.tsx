import { useMemo } from 'react';
import { encodeQr } from './qr';

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
  const qr = useMemo(() => encodeQr(value), [value]);
  const extent = qr.size + quietZone * 2;
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
      data-error-correction={qr.errorCorrection}
    >
      <rect width={extent} height={extent} fill="#ffffff" />
      <path d={qrPath(qr.modules, quietZone)} fill="#000000" />
    </svg>
  );
}
