import { render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import { QrCode } from './QrCode';

/** Pixels per module of the picture handed to the reader. */
const SCALE = 4;

/**
 * Paints the SVG as a camera would see it: the white square, then each rectangle of the path
 * (`M{x} {y}h{w}v1h{-w}z`) in black. Returns RGBA pixels for a QR reader.
 */
function rasterise(svg: SVGElement): { pixels: Uint8ClampedArray; width: number } {
  const [, , extent] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
  const width = (extent ?? 0) * SCALE;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  const runs = [...d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)];
  expect(runs.length).toBeGreaterThan(0);
  for (const [, x, y, w] of runs) {
    for (let py = Number(y) * SCALE; py < (Number(y) + 1) * SCALE; py += 1) {
      for (let px = Number(x) * SCALE; px < (Number(x) + Number(w)) * SCALE; px += 1) {
        const at = (py * width + px) * 4;
        pixels[at] = 0;
        pixels[at + 1] = 0;
        pixels[at + 2] = 0;
      }
    }
  }
  return { pixels, width };
}

function readQr(label: string): string | undefined {
  const svg = screen.getByRole('img', { name: label }) as unknown as SVGElement;
  const { pixels, width } = rasterise(svg);
  return jsQR(pixels, width, width)?.data;
}

describe('QrCode', () => {
  it.each([
    ['a phone-upload link', 'https://portal.example.com/upload/Zk3vQ9xLm2Pa7RtYb4WcDe'],
    ['a link of 250 characters', `https://portal.example.com/upload/${'a1B2.'.repeat(43)}`],
    ['text beyond ASCII', 'https://portal.example.com/upload/é-ü-✓'],
  ])('draws %s that a QR reader reads back', (_name, url) => {
    render(<QrCode value={url} label="Scan to upload" />);
    expect(readQr('Scan to upload')).toBe(url);
  });

  it('is an image named by its label, with the quiet zone around the symbol', () => {
    render(<QrCode value="https://portal.example.com/upload/abc" label="Upload code" size={180} />);
    const svg = screen.getByRole('img', { name: 'Upload code' });
    expect(svg).toHaveAttribute('width', '180');
    // Version 3 (29 modules) and four light modules each side.
    expect(svg).toHaveAttribute('data-version', '3');
    expect(svg).toHaveAttribute('viewBox', '0 0 37 37');
    const d = svg.querySelector('path')?.getAttribute('d') ?? '';
    const corners = [...d.matchAll(/M(\d+) (\d+)/g)].map(([, x, y]) => [Number(x), Number(y)]);
    expect(Math.min(...corners.map(([x]) => x ?? 0))).toBe(4);
    expect(Math.min(...corners.map(([, y]) => y ?? 0))).toBe(4);
  });
});
