import sharp from 'sharp';
import zlib from 'node:zlib';

/** Generated test pictures for the document checks (no binary fixtures in the repository). */

/**
 * Each picture is drawn once per set of options in a test process (a passport page and a photo take about 60 ms of
 * CPU together, and a traveller's completed application uploads both): every call gets its own copy of the bytes.
 */
const drawn = new Map<string, Promise<Buffer>>();
async function once(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
  let picture = drawn.get(key);
  if (!picture) {
    picture = draw();
    drawn.set(key, picture);
    picture.catch(() => drawn.delete(key));
  }
  return Buffer.from(await picture);
}

function passportSvg(width: number, height: number, background: string, ink: string) {
  const lines = Array.from({ length: 14 }, (_, i) => {
    const y = 80 + i * ((height - 160) / 14);
    return `<text x="${width * 0.38}" y="${y}" font-size="${Math.round(height / 28)}" font-family="monospace" fill="${ink}">P&lt;GBRSMITH&lt;&lt;ANN&lt;MARY&lt;&lt;&lt;${i}${i}${i}&lt;&lt;&lt;</text>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/>
     <rect x="${width * 0.05}" y="${height * 0.15}" width="${width * 0.28}" height="${height * 0.6}" fill="#8a7767"/>${lines}</svg>`,
  );
}

export async function passportPage(
  options: {
    width?: number;
    height?: number;
    background?: string;
    ink?: string;
    blur?: number;
  } = {},
) {
  const { width = 1600, height = 1100, background = '#d9d2c3', ink = '#1b1b1b', blur } = options;
  return once(`passport:${JSON.stringify([width, height, background, ink, blur])}`, () => {
    let img = sharp(passportSvg(width, height, background, ink));
    if (blur) img = img.blur(blur);
    return img.jpeg({ quality: 92 }).toBuffer();
  });
}

function photoSvg(width: number, height: number, background: string, skin: string, shirt: string) {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/>
     <ellipse cx="${width / 2}" cy="${height * 0.42}" rx="${width * 0.2}" ry="${height * 0.22}" fill="${skin}"/>
     <rect x="${width * 0.2}" y="${height * 0.7}" width="${width * 0.6}" height="${height * 0.3}" fill="${shirt}"/></svg>`,
  );
}

export async function photo(
  options: {
    width?: number;
    height?: number;
    background?: string;
    skin?: string;
    shirt?: string;
    grey?: boolean;
    darken?: number;
  } = {},
) {
  const {
    width = 900,
    height = 1200,
    background = '#f2f2f2',
    skin = '#c68e6b',
    shirt = '#2d5aa0',
    grey,
    darken,
  } = options;
  const key = JSON.stringify([width, height, background, skin, shirt, grey, darken]);
  return once(`photo:${key}`, () => {
    let img = sharp(photoSvg(width, height, background, skin, shirt));
    if (grey) img = img.greyscale();
    if (darken) img = img.linear(darken, 0);
    return img.jpeg({ quality: 92 }).toBuffer();
  });
}

/** A JPEG carrying GPS coordinates in its EXIF data. */
export async function photoWithGps() {
  return sharp(await photo())
    .withExif({
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A small, valid greyscale PNG of `width` × `height` black pixels: a few tens of KB on disk that decode to
 * `width × height` bytes and more (what a decompression bomb looks like).
 */
export function blackPng(width: number, height: number) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const deflate = zlib.createDeflate({ level: 9 });
  const row = Buffer.alloc(width + 1); // filter byte 0, then black pixels
  const parts: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => parts.push(chunk));
  for (let y = 0; y < height; y += 1) deflate.write(row);
  return new Promise<Buffer>((resolve, reject) => {
    deflate.on('error', reject);
    deflate.on('end', () =>
      resolve(
        Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          pngChunk('IHDR', ihdr),
          pngChunk('IDAT', Buffer.concat(parts)),
          pngChunk('IEND', Buffer.alloc(0)),
        ]),
      ),
    );
    deflate.end();
  });
}
