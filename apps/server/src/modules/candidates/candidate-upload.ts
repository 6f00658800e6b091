import { validateUpload, type UploadedFile } from '../../lib/upload-validation';

/** An uploaded file as the route read it (the shared shape of lib/upload-validation.ts). */
export type { UploadedFile };

/**
 * The upload rules of spec §5/§9 (DESIGN.md §5) through the shared check every upload route runs
 * (`validateUpload`, lib/upload-validation.ts): a file is required (422), its name at most 100
 * characters (422), pdf or png (415), at most 5 MB (413), its content really what the extension
 * says and free of active or hidden content (415). Returns the clean name and media type.
 */
export function checkDocumentFile(file: UploadedFile | undefined, field = 'file'): { fileName: string; mediaType: string } {
  const { fileName, mediaType } = validateUpload(file, 'document', field);
  return { fileName, mediaType };
}
