import { describe, expect, it } from 'vitest';
import {
  firstScale,
  issuesBeforeSending,
  needsShrinking,
  PHOTO_MAX_CHOSEN_BYTES,
  nextScale,
  PHOTO_MAX_EDGE,
  PHOTO_TARGET_BYTES,
  SHRINK_MAX_TRIES,
  shrinkPhoto,
  shrinkPhotosInForm,
  shrinkToTarget,
  type DecodedPhoto,
  type Dimensions,
  type PhotoDecoder,
} from './shrink-photo';

const MB = 1024 * 1024;
const PNG = 'image/png';
const JPEG = 'image/jpeg';

const bytes = (n: number, type: string) => new Blob([new Uint8Array(n)], { type });
const file = (name: string, n: number, type: string) => new File([new Uint8Array(n)], name, { type, lastModified: 1_700_000_000_000 });

/**
 * A stand-in for the browser's canvas: a photo of `size` whose encodings weigh `bytesPerPixel`
 * per pixel; it records every size asked for.
 */
function fakeDecoder(size: Dimensions, bytesPerPixel: number, answerType?: string): PhotoDecoder & { asked: Dimensions[]; closed: number } {
  const asked: Dimensions[] = [];
  const decoder = Object.assign(
    async (): Promise<DecodedPhoto> => ({
      size,
      encode: async (at, type) => {
        asked.push(at);
        return bytes(Math.round(at.width * at.height * bytesPerPixel), answerType ?? type);
      },
      close: () => {
        decoder.closed += 1;
      },
    }),
    { asked, closed: 0 },
  );
  return decoder;
}

describe('which files are shrunk', () => {
  it('JPEG and PNG photos over the target, by type or (without one) by extension; never PDFs or small photos', () => {
    expect(needsShrinking({ name: 'id.png', type: PNG, size: 3 * MB })).toBe(true);
    expect(needsShrinking({ name: 'id.jpg', type: JPEG, size: PHOTO_TARGET_BYTES + 1 })).toBe(true);
    expect(needsShrinking({ name: 'ID.JPEG', type: '', size: 2 * MB })).toBe(true);
    expect(needsShrinking({ name: 'id.png', type: PNG, size: PHOTO_TARGET_BYTES })).toBe(false);
    expect(needsShrinking({ name: 'id.pdf', type: 'application/pdf', size: 4 * MB })).toBe(false);
    expect(needsShrinking({ name: 'results.csv', type: 'text/csv', size: 4 * MB })).toBe(false);
    expect(needsShrinking({ name: 'scan.tiff', type: 'image/tiff', size: 4 * MB })).toBe(false);
  });
});

describe('the check before sending', () => {
  it('lets a photo over the upload limit through (it is sent shrunk), but not a PDF, nor a photo past the cap', () => {
    expect(issuesBeforeSending({ name: 'id.png', type: PNG, size: 8 * MB }, 'document')).toEqual([]);
    expect(issuesBeforeSending({ name: 'id.pdf', type: 'application/pdf', size: 8 * MB }, 'document')).toEqual(['size']);
    expect(issuesBeforeSending({ name: 'id.png', type: PNG, size: PHOTO_MAX_CHOSEN_BYTES + 1 }, 'document')).toEqual(['size']);
    // A camera's JPEG is converted to a PDF before the upload: taken, shrunk like a PNG; a TIFF is not shrunk.
    expect(issuesBeforeSending({ name: 'id.jpg', type: JPEG, size: 8 * MB }, 'document')).toEqual([]);
    expect(issuesBeforeSending({ name: 'id.tiff', type: 'image/tiff', size: 8 * MB }, 'document')).toEqual(['size']);
    expect(issuesBeforeSending({ name: 'id.tif', type: 'image/tiff', size: MB }, 'pendingDocument')).toEqual([]);
    // Every other rule stays: a GIF or a Word file is no document, a JPEG no spreadsheet.
    expect(issuesBeforeSending({ name: 'id.gif', type: 'image/gif', size: MB }, 'document')).toEqual(['extension']);
    expect(issuesBeforeSending({ name: 'id.docx', type: '', size: MB }, 'pendingDocument')).toEqual(['extension']);
    expect(issuesBeforeSending({ name: 'marks.jpg', type: JPEG, size: MB }, 'sheet')).toEqual(['extension']);
    expect(issuesBeforeSending({ name: 'id.png', type: PNG, size: 0 }, 'pendingDocument')).toEqual(['empty']);
  });
});

describe('the size logic', () => {
  it('never scales up, and caps the long side', () => {
    expect(firstScale({ width: 800, height: 600 }, 1.5 * MB, JPEG)).toBe(1);
    expect(firstScale({ width: 4000, height: 3000 }, 5 * MB, JPEG)).toBeCloseTo(PHOTO_MAX_EDGE / 4000, 6);
    expect(firstScale({ width: 1000, height: 3000 }, 5 * MB, JPEG)).toBeCloseTo(PHOTO_MAX_EDGE / 3000, 6);
    // A lossless PNG: pixels cut in proportion to the bytes (4 MB -> 1 MB: each side about half), with a margin.
    const png = firstScale({ width: 1200, height: 1000 }, 4 * MB, PNG);
    expect(png).toBeLessThan(0.5);
    expect(png).toBeGreaterThan(0.4);
  });

  it('each next try is smaller, more so the further it missed', () => {
    const near = nextScale(0.8, 1.1 * MB);
    const far = nextScale(0.8, 4 * MB);
    expect(near).toBeLessThan(0.8);
    expect(far).toBeLessThan(near);
    expect(far).toBeLessThan(0.8 / 2);
  });

  it('reaches the target, each try smaller than the one before and none larger than the photo', async () => {
    const photo = { width: 3000, height: 2000 };
    const decoder = fakeDecoder(photo, 3);
    const decoded = await decoder(bytes(1, PNG));
    // The file weighs less than its pixels will once drawn again (as a camera's well-compressed
    // PNG does), so the first try misses.
    const blob = await shrinkToTarget({ size: photo, bytes: 4 * MB, type: PNG, encode: (at) => decoded.encode(at, PNG) });
    expect(blob).not.toBeNull();
    expect(blob?.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
    expect(decoder.asked.length).toBeGreaterThanOrEqual(2);
    decoder.asked.forEach((at, i) => {
      expect(at.width).toBeLessThanOrEqual(photo.width);
      expect(at.height).toBeLessThanOrEqual(photo.height);
      // The shape is kept.
      expect(at.width / at.height).toBeCloseTo(1.5, 2);
      if (i > 0) expect(at.width).toBeLessThan(decoder.asked[i - 1]?.width ?? 0);
    });
  });

  it('gives up after a bounded number of tries', async () => {
    let tries = 0;
    const blob = await shrinkToTarget({
      size: { width: 2000, height: 2000 },
      bytes: 5 * MB,
      type: JPEG,
      encode: async () => {
        tries += 1;
        return bytes(2 * MB, JPEG);
      },
    });
    expect(blob).toBeNull();
    expect(tries).toBe(SHRINK_MAX_TRIES);
  });
});

describe('shrinkPhoto', () => {
  it('a large PNG comes back a PNG of the same name, at most the target', async () => {
    const original = file('family-book.png', 4 * MB, PNG);
    const decoder = fakeDecoder({ width: 1400, height: 1000 }, 3);
    const small = await shrinkPhoto(original, decoder);
    expect(small).not.toBe(original);
    expect(small.name).toBe('family-book.png');
    expect(small.type).toBe(PNG);
    expect(small.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
    expect(decoder.closed).toBe(1);
  });

  it('a large JPEG stays a JPEG', async () => {
    const small = await shrinkPhoto(file('camera.jpg', 6 * MB, JPEG), fakeDecoder({ width: 4032, height: 3024 }, 0.5));
    expect(small.type).toBe(JPEG);
    expect(small.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
  });

  it('sends the file as it is when it is no photo, is small, cannot be decoded, or would change type', async () => {
    const pdf = file('id.pdf', 4 * MB, 'application/pdf');
    expect(await shrinkPhoto(pdf, fakeDecoder({ width: 10, height: 10 }, 3))).toBe(pdf);
    const small = file('id.png', 200_000, PNG);
    expect(await shrinkPhoto(small, fakeDecoder({ width: 10, height: 10 }, 3))).toBe(small);
    const broken = file('broken.png', 3 * MB, PNG);
    expect(
      await shrinkPhoto(broken, async () => {
        throw new Error('not an image');
      }),
    ).toBe(broken);
    const jpeg = file('camera.jpg', 3 * MB, JPEG);
    expect(await shrinkPhoto(jpeg, fakeDecoder({ width: 3000, height: 2000 }, 0.1, PNG))).toBe(jpeg);
  });
});

describe('shrinkPhotosInForm', () => {
  it('keeps the fields and files in order, shrinks the photo and leaves the PDF alone', async () => {
    const form = new FormData();
    form.append('applicationId', 'a1');
    form.append('file', file('photo.png', 3 * MB, PNG), 'photo.png');
    form.append('documentCode', 'ID');
    const pdf = file('id.pdf', 2 * MB, 'application/pdf');
    form.append('other', pdf, 'id.pdf');
    const out = await shrinkPhotosInForm(form, fakeDecoder({ width: 1200, height: 1000 }, 3));
    const entries = [...out.entries()];
    expect(entries.map(([key]) => key)).toEqual(['applicationId', 'file', 'documentCode', 'other']);
    expect(entries[0]?.[1]).toBe('a1');
    const photo = entries[1]?.[1] as File;
    expect(photo.name).toBe('photo.png');
    expect(photo.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
    expect((entries[3]?.[1] as File).size).toBe(pdf.size);
  });

  it('answers the same form when there is nothing to shrink', async () => {
    const form = new FormData();
    form.append('pendingCode', 'P1');
    form.append('file', file('id.pdf', 3 * MB, 'application/pdf'), 'id.pdf');
    expect(await shrinkPhotosInForm(form, fakeDecoder({ width: 1, height: 1 }, 3))).toBe(form);
  });
});
