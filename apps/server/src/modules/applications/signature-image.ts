import { PNG } from 'pngjs';
import {
  SIGNATURE_IMAGE_MAX_HEIGHT,
  SIGNATURE_IMAGE_MAX_LENGTH,
  SIGNATURE_IMAGE_MAX_WIDTH,
  SIGNATURE_IMAGE_MIN_HEIGHT,
  SIGNATURE_IMAGE_MIN_WIDTH,
  SIGNATURE_IMAGE_PREFIX,
  SIGNATURE_PARTIES,
  type DeclarationDraft,
} from '@portal/domain/contracts/applications/application-steps';
import type { FieldError } from '@portal/domain/errors/error-envelope';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk (which must come first), read before anything is inflated. */
function declaredSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.readUInt32BE(8) !== 13 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * A drawn signature as the server keeps it: the data URL must hold a real PNG (signature, IHDR
 * first, every chunk's CRC right, the pixels inflating to exactly the declared size) within
 * SIGNATURE_IMAGE_MIN/MAX_WIDTH/HEIGHT — the size is checked from the header before any pixel is
 * inflated, so a small file cannot claim a huge bitmap. What is stored is the image re-encoded
 * from its decoded pixels, never the bytes as sent (no text chunks, nothing after IEND).
 * Null when the image is not acceptable.
 */
export function canonicalSignatureImage(dataUrl: string): string | null {
  if (!dataUrl.startsWith(SIGNATURE_IMAGE_PREFIX)) return null;
  const encoded = dataUrl.slice(SIGNATURE_IMAGE_PREFIX.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return null;
  const bytes = Buffer.from(encoded, 'base64');
  const size = declaredSize(bytes);
  if (!size) return null;
  const { width, height } = size;
  if (
    width < SIGNATURE_IMAGE_MIN_WIDTH ||
    width > SIGNATURE_IMAGE_MAX_WIDTH ||
    height < SIGNATURE_IMAGE_MIN_HEIGHT ||
    height > SIGNATURE_IMAGE_MAX_HEIGHT
  )
    return null;
  let decoded: PNG;
  try {
    decoded = PNG.sync.read(bytes, { checkCRC: true });
  } catch {
    return null;
  }
  if (decoded.width !== width || decoded.height !== height || decoded.data.length !== width * height * 4) return null;
  const canonical = new PNG({ width, height });
  decoded.data.copy(canonical.data);
  const out = `${SIGNATURE_IMAGE_PREFIX}${PNG.sync.write(canonical, { colorType: 6 }).toString('base64')}`;
  return out.length <= SIGNATURE_IMAGE_MAX_LENGTH ? out : null;
}

/**
 * The declaration step with every drawn signature decoded and re-encoded (canonicalSignatureImage);
 * a drawn signature that is not an acceptable PNG is a field error `signatures.<party>.image` `invalid`.
 */
export function withCanonicalSignatures(data: DeclarationDraft): { data: DeclarationDraft; errors: FieldError[] } {
  if (!data.signatures) return { data, errors: [] };
  const signatures = { ...data.signatures };
  const errors: FieldError[] = [];
  for (const party of SIGNATURE_PARTIES) {
    const signature = signatures[party];
    if (!signature || signature.image === undefined || signature.image === '') continue;
    const image = canonicalSignatureImage(signature.image);
    if (image === null) errors.push({ field: `signatures.${party}.image`, key: 'invalid' });
    else signatures[party] = { ...signature, image };
  }
  return { data: { ...data, signatures }, errors };
}
