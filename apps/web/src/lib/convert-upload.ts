import { CONVERSION_EXTENSIONS, MEDIA_TYPES } from '@portal/domain/constants/uploads';
import { DOCUMENT_UPLOAD_FIELDS } from '@portal/domain/contracts/documents/application-document';
import { isConvertedBeforeUpload } from '@portal/domain/rules/files';
import { api } from './api-client';

/**
 * A camera gives JPEG and a scanner may give TIFF; the upload routes take PDF and PNG (spec §5).
 * Before an upload, lib/xhr-upload sends each such file to the conversion route (POST
 * /api/document/v1/scan) and uploads the PDF it answers instead, named like the photo. The photo
 * was shrunk on the phone first (lib/shrink-photo), so the conversion gets about 1 MB at most.
 */
export type Converter = (file: File) => Promise<File>;

/** What a document file control offers: PDF, PNG, and the photo and scan types converted before upload. */
export const DOCUMENT_ACCEPT = [...new Set(CONVERSION_EXTENSIONS.map((ext) => `.${ext}`).concat(Object.values(MEDIA_TYPES)))].join(',');

/** POST /api/document/v1/scan: the file as one PDF, with the photo's name and `.pdf`. */
export const scanToPdf: Converter = async (file) => {
  const body = new FormData();
  body.append(DOCUMENT_UPLOAD_FIELDS.file, file, file.name);
  const pdf = await api.post<Blob>('/api/document/v1/scan', body, { responseType: 'blob' });
  return new File([pdf], `${file.name.replace(/\.[^.]*$/, '')}.pdf`, { type: MEDIA_TYPES.pdf, lastModified: file.lastModified });
};

/** The form with each JPEG or TIFF replaced by its PDF (fields and files in their order), or the form itself when it holds none. */
export async function convertFilesInForm(form: FormData, convert: Converter = scanToPdf): Promise<FormData> {
  const entries = [...form.entries()];
  if (!entries.some(([, value]) => typeof value !== 'string' && isConvertedBeforeUpload(value.name))) return form;
  const converted = new FormData();
  for (const [key, value] of entries) {
    if (typeof value === 'string') converted.append(key, value);
    else {
      const file = isConvertedBeforeUpload(value.name) ? await convert(value) : value;
      converted.append(key, file, file.name);
    }
  }
  return converted;
}
