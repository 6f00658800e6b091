import { PNG } from 'pngjs';
import { MAX_IMAGE_SIDE } from '../../lib/upload-validation';

/**
 * A baseline TIFF (first image only) as a PNG, so the scan call can put it on a PDF page
 * (Chromium does not show TIFF). Handles what scanners write most: 8 bits per sample, grey
 * (photometric 0/1), RGB or RGBA (2), chunky, in strips, uncompressed (1) or PackBits (32773).
 * Anything else answers null (the caller refuses it with 415). Bounded: at most 12 megapixels
 * (an A4 page scanned at 300 dpi is 8.7) and MAX_IMAGE_SIDE a side, so a small file declaring a
 * huge image cannot make the server allocate and loop over hundreds of megabytes.
 */
const MAX_PIXELS = 12_000_000;

function packBits(input: Buffer, expected: number): Buffer {
  const out = Buffer.alloc(expected);
  let i = 0;
  let o = 0;
  while (i < input.length && o < expected) {
    const n = input.readInt8(i++);
    if (n >= 0) {
      input.copy(out, o, i, i + n + 1);
      i += n + 1;
      o += n + 1;
    } else if (n !== -128) {
      out.fill(input[i++] ?? 0, o, o + 1 - n);
      o += 1 - n;
    }
  }
  return out;
}

export function tiffToPng(data: Buffer): Buffer | null {
  try {
    const le = data.toString('latin1', 0, 2) === 'II';
    const u16 = (at: number) => (le ? data.readUInt16LE(at) : data.readUInt16BE(at));
    const u32 = (at: number) => (le ? data.readUInt32LE(at) : data.readUInt32BE(at));
    const ifd = u32(4);
    const count = u16(ifd);
    const tags = new Map<number, number[]>();
    for (let k = 0; k < count; k++) {
      const at = ifd + 2 + k * 12;
      const tag = u16(at);
      const type = u16(at + 2);
      const n = u32(at + 4);
      const size = type === 3 ? 2 : type === 4 ? 4 : 1;
      const base = n * size <= 4 ? at + 8 : u32(at + 8);
      const values: number[] = [];
      for (let v = 0; v < Math.min(n, 100_000); v++)
        values.push(size === 2 ? u16(base + v * 2) : size === 4 ? u32(base + v * 4) : (data[base + v] ?? 0));
      tags.set(tag, values);
    }
    const one = (tag: number, fallback: number) => tags.get(tag)?.[0] ?? fallback;
    const width = one(256, 0);
    const height = one(257, 0);
    const bits = tags.get(258) ?? [1];
    const compression = one(259, 1);
    const photometric = one(262, 1);
    const samples = one(277, 1);
    const rowsPerStrip = one(278, height);
    const offsets = tags.get(273) ?? [];
    const counts = tags.get(279) ?? [];
    if (width <= 0 || height <= 0 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_PIXELS) return null;
    if (bits.some((b) => b !== 8) || one(284, 1) !== 1 || ![1, 32773].includes(compression) || ![0, 1, 2].includes(photometric))
      return null;
    if (![1, 3, 4].includes(samples) || offsets.length === 0 || offsets.length !== counts.length) return null;
    const rowBytes = width * samples;
    const raw = Buffer.concat(
      offsets.map((offset, s) => {
        const strip = data.subarray(offset, offset + (counts[s] ?? 0));
        const rows = Math.min(rowsPerStrip, height - s * rowsPerStrip);
        return compression === 1 ? strip : packBits(strip, rows * rowBytes);
      }),
    );
    if (raw.length < rowBytes * height) return null;
    const png = new PNG({ width, height });
    for (let p = 0; p < width * height; p++) {
      const src = p * samples;
      const dst = p * 4;
      if (samples === 1) {
        const g = photometric === 0 ? 255 - (raw[src] ?? 0) : (raw[src] ?? 0);
        png.data[dst] = g;
        png.data[dst + 1] = g;
        png.data[dst + 2] = g;
        png.data[dst + 3] = 255;
      } else {
        png.data[dst] = raw[src] ?? 0;
        png.data[dst + 1] = raw[src + 1] ?? 0;
        png.data[dst + 2] = raw[src + 2] ?? 0;
        png.data[dst + 3] = samples === 4 ? (raw[src + 3] ?? 255) : 255;
      }
    }
    return PNG.sync.write(png);
  } catch {
    return null;
  }
}
