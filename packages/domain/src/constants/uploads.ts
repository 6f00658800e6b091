/**
 * File upload limits of spec §5/§9 (DESIGN.md §5). Spec §9 gives sizes 5 and 10 without a unit;
 * they are read as MB, and a MB here is 1024 * 1024 bytes (what a browser File.size is compared to).
 */
export const BYTES_PER_MB = 1024 * 1024;

/** Largest upload for application and recruitment documents. */
export const UPLOAD_MAX_MB = 5;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * BYTES_PER_MB;

/** Largest upload for a pending-policy (client-pending) document. */
export const PENDING_DOCUMENT_UPLOAD_MAX_MB = 10;
export const PENDING_DOCUMENT_UPLOAD_MAX_BYTES = PENDING_DOCUMENT_UPLOAD_MAX_MB * BYTES_PER_MB;

/** Longest file name, extension included. */
export const FILE_NAME_MAX_LENGTH = 100;

/** Most files in one document group. */
export const FILE_COUNT_MAX = 10;

/** Extensions an upload may have (lower case, no dot). */
export const UPLOAD_EXTENSIONS = ['pdf', 'png'] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** Extensions the scan/conversion call accepts; it yields a PDF. */
export const CONVERSION_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'tiff', 'tif'] as const;
export type ConversionExtension = (typeof CONVERSION_EXTENSIONS)[number];

/** Media types of the extensions above, for the `accept` attribute and for responses. */
export const MEDIA_TYPES: Readonly<Record<ConversionExtension, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
  tif: 'image/tiff',
};

/** Extensions of a spreadsheet upload (the exam results of spec §7 Support): CSV or XLSX. */
export const SHEET_EXTENSIONS = ['csv', 'xlsx'] as const;
export type SheetExtension = (typeof SHEET_EXTENSIONS)[number];

export const SHEET_MEDIA_TYPES: Readonly<Record<SheetExtension, string>> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
