import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { UploadedFile } from './candidate-upload';

/**
 * Reads a multipart body: the text fields, and the first part named `file` (each file part is
 * read to its end; past the size limit @fastify/multipart throws 413). A non-multipart body is 415.
 */
export async function readMultipart(request: FastifyRequest): Promise<{ fields: Record<string, string>; file: UploadedFile | undefined }> {
  if (!request.isMultipart()) throw AppError.http(415);
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.fieldname === 'file' && !file) file = { fileName: part.filename, data };
    } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, file };
}
