// Writes the PNG icons in shell/public/ from the two SVG drawings: the favicon (rounded, also served as SVG) and
// the full-bleed app icon (iOS rounds the apple-touch-icon itself; the maskable icon keeps its mark inside the
// safe zone). Run after changing a drawing: `node shell/scripts/generate-icons.mjs`; the outputs are committed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.join(here, '..', 'public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'));
const appIcon = readFileSync(path.join(here, 'app-icon.svg'));

const outputs = [
  { file: 'favicon-32.png', svg: favicon, size: 32 },
  { file: 'icon-192.png', svg: favicon, size: 192 },
  { file: 'icon-512.png', svg: favicon, size: 512 },
  { file: 'apple-touch-icon.png', svg: appIcon, size: 180 },
  { file: 'icon-maskable-512.png', svg: appIcon, size: 512 },
];

for (const { file, svg, size } of outputs) {
  // Rendered at a density that gives the exact size, so edges stay sharp rather than scaled.
  const density = Math.ceil((72 * size) / 64);
  await sharp(svg, { density })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: size <= 32 })
    .toFile(path.join(publicDir, file));
  console.log(`wrote shell/public/${file} (${size}×${size})`);
}
