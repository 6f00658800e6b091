// Files a browser test uploads: a real one-page PDF (support/files/one-page.pdf), the same PDF
// padded to a given size, and a PNG "photo" of a given size made of noise (what a camera's
// sensor noise does to a lossless file: it hardly compresses).
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

export const ONE_PAGE_PDF = readFileSync(new URL('./files/one-page.pdf', import.meta.url));

/**
 * The one-page PDF grown to about `bytes` with comment lines between its cross-reference table
 * and `startxref` (no object moves, so the file stays valid and ends with %%EOF).
 */
export function pdfOfSize(bytes: number): Buffer {
  const text = ONE_PAGE_PDF.toString('latin1');
  const at = text.lastIndexOf('startxref');
  const line = `%${'0123456789'.repeat(10)}\n`;
  const padding = line.repeat(Math.max(0, Math.ceil((bytes - ONE_PAGE_PDF.length) / line.length)));
  return Buffer.from(`${text.slice(0, at)}${padding}${text.slice(at)}`, 'latin1');
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGB PNG of `width` x `height` pixels of (seeded, repeatable) noise: about 3 bytes a pixel. */
export function noisePng(width: number, height: number, seed = 7): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  let state = seed;
  for (let y = 0; y < height; y += 1) {
    const start = y * (width * 3 + 1);
    rows[start] = 0; // no filter
    for (let i = 1; i <= width * 3; i += 1) {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      rows[start + i] = state >>> 24;
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** Width and height of a PNG (from its IHDR chunk). */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
