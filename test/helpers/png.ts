/**
 * A real PNG file made in memory, for tests of app icons: an RGBA image whose every pixel a
 * function gives, deflated and framed as the PNG specification says (signature, IHDR, IDAT,
 * IEND, each chunk with its CRC-32), so a browser and an icon lookup read it as any icon file.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A size x size PNG; `pixel` gives each pixel's [r, g, b, a]. */
function makePng(size: number, pixel: (x: number, y: number) => [number, number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits a channel, RGBA, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    const at = y * (size * 4 + 1);
    for (let x = 0; x < size; x += 1) rows.set(pixel(x, y), at + 1 + x * 4); // each row opens with filter 0
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', new Uint8Array())]);
}

/**
 * An app icon as a Mac draws one: a rounded square in `rgb` with a white dot inside, on a
 * transparent ground, so a screenshot shows at once whether the app's own icon is drawn.
 */
export function makeAppIconPng(size: number, rgb: [number, number, number]): Buffer {
  const r = size * 0.22;
  return makePng(size, (x, y) => {
    const cx = Math.min(Math.max(x + 0.5, r), size - r);
    const cy = Math.min(Math.max(y + 0.5, r), size - r);
    if (Math.hypot(x + 0.5 - cx, y + 0.5 - cy) > r) return [0, 0, 0, 0];
    if (Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) < size * 0.2) return [255, 255, 255, 255];
    return [...rgb, 255];
  });
}
