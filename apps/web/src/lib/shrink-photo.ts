import { fileExtension, fileIssues, isConvertedBeforeUpload, type FileIssue, type UploadKind } from '@portal/domain/rules/files';
import { MEDIA_TYPES } from '@portal/domain/constants/uploads';

/**
 * Photos are shrunk on the phone before they are sent (advisors upload over 3G): a
 * JPEG or PNG larger than about 1 MB is drawn smaller and encoded again, in the browser, as the
 * same type (uploads take png, so a png stays a png) until it is at most PHOTO_TARGET_BYTES. The
 * photo is decoded with its EXIF orientation applied, so the new pixels stand the right way up
 * (and the new file carries no EXIF: no orientation flag to misread, no GPS position). It is
 * never drawn larger than it is; anything else (a PDF, a spreadsheet) is sent as it is, and so is
 * a photo the browser cannot decode or cannot bring under the target.
 *
 * lib/xhr-upload applies it to every file of every upload, so every feature's photos are shrunk
 * in this one place.
 */
export const PHOTO_TARGET_BYTES = 1024 * 1024;
/** The longest side a shrunk photo keeps at most: still sharp enough to read an ID card. */
export const PHOTO_MAX_EDGE = 2048;
/** JPEG quality of a re-encoded JPEG. */
export const JPEG_QUALITY = 0.85;
/** Encodings tried before giving up. */
export const SHRINK_MAX_TRIES = 5;
/** Each try aims this much below the target, since encoded sizes only roughly follow the pixel count. */
const MARGIN = 0.9;

const SHRINKABLE_TYPES = new Set([MEDIA_TYPES.jpeg, MEDIA_TYPES.png]);

export interface Dimensions {
  width: number;
  height: number;
}

/** The media type of a file: its own, or (when the browser gave none) the one its extension names. */
export function photoType(file: { name: string; type: string }): string | null {
  const type = file.type || MEDIA_TYPES[fileExtension(file.name) as keyof typeof MEDIA_TYPES] || '';
  return SHRINKABLE_TYPES.has(type) ? type : null;
}

/** Whether a file is a photo worth shrinking: a JPEG or PNG larger than the target. */
export function needsShrinking(file: { name: string; type: string; size: number }, target = PHOTO_TARGET_BYTES): boolean {
  return file.size > target && photoType(file) !== null;
}

/** The largest photo the phone takes to shrink: beyond the upload limit, since it is sent shrunk. */
export const PHOTO_MAX_CHOSEN_BYTES = 25 * 1024 * 1024;

/**
 * The domain's file issues as the phone checks a chosen file before sending it (a JPEG or TIFF by
 * the conversion route's rules, since it is converted to a PDF first): a JPEG/PNG photo over the upload limit (up to PHOTO_MAX_CHOSEN_BYTES) is no issue, since it leaves the phone
 * shrunk; the server still checks what arrives (413 when a photo could not be shrunk).
 */
export function issuesBeforeSending(file: { name: string; type: string; size: number }, kind: UploadKind): FileIssue[] {
  // A JPEG or TIFF is sent to the conversion route first (lib/convert-upload): its own rules apply.
  const converted = kind !== 'sheet' && isConvertedBeforeUpload(file.name);
  const issues = fileIssues(file, converted ? 'conversion' : kind);
  return photoType(file) !== null && file.size <= PHOTO_MAX_CHOSEN_BYTES ? issues.filter((issue) => issue !== 'size') : issues;
}

/** The size at `scale`, rounded, at least 1 x 1. */
export function scaledDimensions(size: Dimensions, scale: number): Dimensions {
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/**
 * The scale of the first try, never above 1: the long side at most `maxEdge`; for a PNG (lossless:
 * its bytes follow its pixel count) also the pixels cut in proportion to the bytes to lose. A JPEG
 * is first only encoded again (at JPEG_QUALITY) at that size, which alone often brings it under.
 */
export function firstScale(size: Dimensions, bytes: number, type: string, target = PHOTO_TARGET_BYTES, maxEdge = PHOTO_MAX_EDGE): number {
  const edge = maxEdge / Math.max(size.width, size.height);
  const byBytes = type === MEDIA_TYPES.png ? Math.sqrt(target / bytes) * MARGIN : 1;
  return Math.min(1, edge, byBytes);
}

/** The scale of the next try after one at `scale` came out `bytes`: pixels cut in proportion, and always smaller than before. */
export function nextScale(scale: number, bytes: number, target = PHOTO_TARGET_BYTES): number {
  return Math.min(scale * MARGIN, scale * Math.sqrt(target / bytes) * MARGIN);
}

/**
 * Encodes at shrinking scales until one result is at most `target` bytes; that result, or null
 * when SHRINK_MAX_TRIES did not get there. `encode` draws the decoded photo at the given size.
 */
export async function shrinkToTarget(args: {
  size: Dimensions;
  bytes: number;
  type: string;
  encode: (size: Dimensions) => Promise<Blob>;
  target?: number;
  maxEdge?: number;
}): Promise<Blob | null> {
  const target = args.target ?? PHOTO_TARGET_BYTES;
  let scale = firstScale(args.size, args.bytes, args.type, target, args.maxEdge ?? PHOTO_MAX_EDGE);
  for (let attempt = 0; attempt < SHRINK_MAX_TRIES; attempt += 1) {
    const blob = await args.encode(scaledDimensions(args.size, scale));
    if (blob.size <= target) return blob;
    scale = nextScale(scale, blob.size, target);
  }
  return null;
}

/** A decoded photo: its upright size, and an encoder of it at another size. */
export interface DecodedPhoto {
  size: Dimensions;
  encode(size: Dimensions, type: string): Promise<Blob>;
  close(): void;
}

export type PhotoDecoder = (file: Blob) => Promise<DecodedPhoto>;

/** The browser's decoder: createImageBitmap with the EXIF orientation applied, drawn on an (Offscreen)Canvas. */
export const browserPhotoDecoder: PhotoDecoder = async (file) => {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  return {
    size: { width: bitmap.width, height: bitmap.height },
    encode: async ({ width, height }, type) => {
      const quality = type === MEDIA_TYPES.jpeg ? JPEG_QUALITY : undefined;
      if (typeof OffscreenCanvas !== 'undefined') {
        const canvas = new OffscreenCanvas(width, height);
        const ctx = canvas.getContext('2d');
        if (!ctx) throw new Error('no 2d context');
        ctx.imageSmoothingQuality = 'high';
        ctx.drawImage(bitmap, 0, 0, width, height);
        return canvas.convertToBlob(quality === undefined ? { type } : { type, quality });
      }
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, 0, 0, width, height);
      return new Promise<Blob>((resolve, reject) => {
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))), type, quality);
      });
    },
    close: () => bitmap.close(),
  };
};

/** The photo shrunk to about PHOTO_TARGET_BYTES (same name and type), or the file itself (see above). */
export async function shrinkPhoto(file: File, decode: PhotoDecoder = browserPhotoDecoder, target = PHOTO_TARGET_BYTES): Promise<File> {
  const type = photoType(file);
  if (!type || file.size <= target) return file;
  let photo: DecodedPhoto | null = null;
  try {
    photo = await decode(file);
    const decoded = photo;
    const blob = await shrinkToTarget({ size: decoded.size, bytes: file.size, type, target, encode: (size) => decoded.encode(size, type) });
    // An encoder that answers another type (a browser without a PNG or JPEG encoder answers PNG) is not used.
    if (!blob || blob.type !== type || blob.size >= file.size) return file;
    return new File([blob], file.name, { type, lastModified: file.lastModified });
  } catch {
    // Not decodable here (or no canvas): the server takes it as it is, within its own limit.
    return file;
  } finally {
    photo?.close();
  }
}

/**
 * The form with each of its photos shrunk (fields and files in their order), or the form itself
 * when it holds none to shrink.
 */
export async function shrinkPhotosInForm(
  form: FormData,
  decode: PhotoDecoder = browserPhotoDecoder,
  target = PHOTO_TARGET_BYTES,
): Promise<FormData> {
  const entries = [...form.entries()];
  if (!entries.some(([, value]) => typeof value !== 'string' && needsShrinking(value, target))) return form;
  const shrunk = new FormData();
  for (const [key, value] of entries) {
    if (typeof value === 'string') shrunk.append(key, value);
    else {
      const small = await shrinkPhoto(value, decode, target);
      shrunk.append(key, small, small.name);
    }
  }
  return shrunk;
}
