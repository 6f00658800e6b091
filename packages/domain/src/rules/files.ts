/**
 * File rules of spec §5/§9 (DESIGN.md §5) as pure checkers: upload extensions pdf and png,
 * conversion extensions pdf, jpg, jpeg, png, tiff, tif; at most 5 MB (10 MB for pending-policy
 * documents); a file name of at most 100 characters; at most 10 files per group. The server also
 * sniffs the content (`sniffFileType`) rather than trusting the name.
 */
import type { ConversionExtension, SheetExtension } from '../constants/uploads';
import {
  CONVERSION_EXTENSIONS,
  FILE_COUNT_MAX,
  FILE_NAME_MAX_LENGTH,
  PENDING_DOCUMENT_UPLOAD_MAX_BYTES,
  SHEET_EXTENSIONS,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
} from '../constants/uploads';
import type { FormErrorKey } from '../errors/error-keys';

export type FileIssue = 'empty' | 'extension' | 'size' | 'nameLength' | 'count';

/** The form key each file issue is reported with, and the HTTP status the server answers. */
export const FILE_ISSUE_KEYS: Readonly<Record<FileIssue, FormErrorKey>> = {
  empty: 'required',
  extension: 'pattern',
  size: 'max',
  nameLength: 'maxlength',
  count: 'max',
};
export const FILE_ISSUE_STATUS: Readonly<Record<FileIssue, number>> = {
  empty: 422,
  extension: 415,
  size: 413,
  nameLength: 422,
  count: 422,
};

/** Lower-case extension without the dot ("scan.PDF" -> "pdf"); '' when there is none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isUploadExtension(name: string): boolean {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

export function isConversionExtension(name: string): boolean {
  return (CONVERSION_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

/**
 * A file the upload routes do not take but the conversion route (POST /api/document/v1/scan) turns
 * into a PDF: a camera's JPEG, a scanner's TIFF. The web converts it first, then uploads the PDF.
 */
export function isConvertedBeforeUpload(name: string): boolean {
  return isConversionExtension(name) && !isUploadExtension(name);
}

export function isSheetExtension(name: string): boolean {
  return (SHEET_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

/**
 * `document`: 5 MB, pdf/png. `pendingDocument`: 10 MB, pdf/png. `conversion`: 5 MB, the scan types.
 * `sheet`: 5 MB, csv/xlsx (the exam-results upload).
 */
export type UploadKind = 'document' | 'pendingDocument' | 'conversion' | 'sheet';

function isAllowedExtension(name: string, kind: UploadKind): boolean {
  if (kind === 'conversion') return isConversionExtension(name);
  if (kind === 'sheet') return isSheetExtension(name);
  return isUploadExtension(name);
}

export function maxUploadBytes(kind: UploadKind): number {
  return kind === 'pendingDocument' ? PENDING_DOCUMENT_UPLOAD_MAX_BYTES : UPLOAD_MAX_BYTES;
}

/** Every issue of one file, in the order a user should fix them. */
export function fileIssues(file: { name: string; size: number }, kind: UploadKind = 'document'): FileIssue[] {
  const issues: FileIssue[] = [];
  if (file.size <= 0) issues.push('empty');
  if (!isAllowedExtension(file.name, kind)) issues.push('extension');
  if (file.size > maxUploadBytes(kind)) issues.push('size');
  if (file.name.length > FILE_NAME_MAX_LENGTH) issues.push('nameLength');
  return issues;
}

/** Whether a group that holds `existing` files may take `adding` more. */
export function isFileCountAllowed(existing: number, adding = 1): boolean {
  return existing + adding <= FILE_COUNT_MAX;
}

export type SniffedType = 'pdf' | 'png' | 'jpeg' | 'tiff';

const startsWith = (bytes: Uint8Array, signature: readonly number[]): boolean => signature.every((byte, index) => bytes[index] === byte);

/** The type the first bytes of a file show, or null when it is none of the types we take. */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  return null;
}

const SNIFFED_BY_EXTENSION: Readonly<Record<ConversionExtension, SniffedType>> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  tiff: 'tiff',
  tif: 'tiff',
};

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04] as const;

/**
 * What a spreadsheet upload's first bytes show: `xlsx` for a ZIP, `csv` for text (no control
 * byte other than tab, CR, LF; not a PDF or image), else null. The whole content is checked on
 * the server (apps/server/src/lib/upload-validation.ts).
 */
export function sniffSheetType(bytes: Uint8Array): SheetExtension | null {
  if (startsWith(bytes, ZIP_SIGNATURE)) return 'xlsx';
  if (sniffFileType(bytes) !== null || bytes.length === 0) return null;
  return bytes.every((b) => (b >= 0x20 && b !== 0x7f) || b === 0x09 || b === 0x0a || b === 0x0d) ? 'csv' : null;
}

/** True when the content is what the name's extension claims (and the extension is one we take). */
export function contentMatchesName(bytes: Uint8Array, name: string): boolean {
  if (isSheetExtension(name)) return sniffSheetType(bytes) === fileExtension(name);
  const extension = fileExtension(name) as ConversionExtension;
  const expected = SNIFFED_BY_EXTENSION[extension] as SniffedType | undefined;
  return expected !== undefined && sniffFileType(bytes) === expected;
}
