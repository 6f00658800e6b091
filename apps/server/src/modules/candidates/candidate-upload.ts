import { contentMatchesName, FILE_ISSUE_KEYS, FILE_ISSUE_STATUS, fileExtension, fileIssues } from '@portal/domain/rules/files';
import { AppError } from '../../lib/app-error';

/** An uploaded file as the route read it. */
export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

/** The last path segment without control characters: the name shown and downloaded (as servicing does). */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

/**
 * The upload rules of spec §5/§9 (DESIGN.md §5), as the servicing upload applies them: a file is
 * required (422), its name at most 100 characters (422), pdf or png by extension (415), at most
 * 5 MB (413) and its content really what the extension says (415, sniffed). Returns the clean name
 * and media type.
 */
export function checkDocumentFile(file: UploadedFile | undefined, field = 'file'): { fileName: string; mediaType: string } {
  if (!file) throw AppError.validation([{ field, key: 'required' }]);
  const fileName = cleanFileName(file.fileName);
  if (fileName === '') throw AppError.validation([{ field, key: 'required' }]);
  const first = fileIssues({ name: fileName, size: file.data.length }, 'document')[0];
  if (first) {
    const status = FILE_ISSUE_STATUS[first];
    if (status === 422) throw AppError.validation([{ field, key: FILE_ISSUE_KEYS[first] }]);
    throw AppError.http(status === 413 ? 413 : 415);
  }
  if (!contentMatchesName(file.data.subarray(0, 16), fileName)) throw AppError.http(415);
  return { fileName, mediaType: fileExtension(fileName) === 'pdf' ? 'application/pdf' : 'image/png' };
}
