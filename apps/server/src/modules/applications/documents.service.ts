import { isDocumentTypeCode } from '@portal/domain/codes/document-types';
import { isDocumentAllowedInGroup, isSupportingDocumentId } from '@portal/domain/codes/supporting-documents';
import { FILE_COUNT_MAX } from '@portal/domain/constants/uploads';
import type {
  ApplicationDocument,
  DeleteDocumentResponse,
  FindApplicationDocumentsResponse,
  UploadDocumentResponse,
} from '@portal/domain/contracts/documents/application-document';
import type { FieldError } from '@portal/domain/errors/error-envelope';
import { instantToOffsetDateTime } from '@portal/domain/format/date';
import { checkDate } from '@portal/domain/rules/dates';
import { documentIssues } from '@portal/domain/rules/documents';
import { FILE_ISSUE_KEYS, FILE_ISSUE_STATUS, fileIssues, sniffFileType } from '@portal/domain/rules/files';
import { isEmpty } from '@portal/domain/rules/generic';
import type { ApplicationDocumentRow } from '../../db/schema/application-document.table';
import { AppError } from '../../lib/app-error';
import { cleanUploadFileName, validateUpload, type UploadedFile } from '../../lib/upload-validation';
import { PdfRenderError, type PdfRenderer } from '../../providers/pdf/pdf-renderer';
import type { ApplicationsRepository } from './applications.repository';
import { isUuid, readScope, writeScope, type ApplicationsService } from './applications.service';
import { imagePagePdfHtml } from './scan-page';
import { tiffToPng } from './tiff-to-png';
import type { Caller } from '../../plugins/caller';

/** An uploaded file as the route read it (the shared shape of lib/upload-validation.ts). */
export type { UploadedFile };

export interface UploadFields {
  applicationId?: string;
  documentCategoryCode?: string;
  documentCode?: string;
  idNumber?: string;
  expiredDate?: string;
}

export function toDocument(row: ApplicationDocumentRow): ApplicationDocument {
  return {
    applicationDocumentUploadId: row.id,
    applicationId: row.applicationId,
    documentCategoryCode: row.documentCategoryCode,
    documentCode: row.documentCode,
    idNumber: row.idNumber,
    expiredDate: row.expiredDate,
    fileName: row.fileName,
    mediaType: row.mediaType,
    size: row.size,
    sha256: row.sha256,
    createdDate: instantToOffsetDateTime(row.createdDate),
  };
}

/**
 * Supporting documents (spec §3, §5): upload with the document field rules and the file rules,
 * list, one record, download, delete, and the scan call that turns an image into a PDF.
 */
export class DocumentsService {
  constructor(
    private readonly applications: ApplicationsRepository,
    private readonly service: ApplicationsService,
    private readonly pdf: () => PdfRenderer,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Checks the application before a byte of the file is read: 404 / 409. */
  async requireUploadTarget(caller: Caller, applicationId: string | undefined): Promise<void> {
    if (applicationId === undefined || isEmpty(applicationId)) throw AppError.validation([{ field: 'applicationId', key: 'required' }]);
    await this.service.requireEditable(caller, applicationId);
  }

  async upload(caller: Caller, fields: UploadFields, file: UploadedFile | undefined): Promise<UploadDocumentResponse> {
    await this.requireUploadTarget(caller, fields.applicationId);
    const applicationId = fields.applicationId as string;
    const errors: FieldError[] = [];
    const group = fields.documentCategoryCode ?? '';
    const code = fields.documentCode ?? '';
    if (isEmpty(group)) errors.push({ field: 'documentCategoryCode', key: 'required' });
    else if (!isSupportingDocumentId(group)) errors.push({ field: 'documentCategoryCode', key: 'invalid' });
    if (isEmpty(code)) errors.push({ field: 'documentCode', key: 'required' });
    else if (!isDocumentTypeCode(code) || (isSupportingDocumentId(group) && !isDocumentAllowedInGroup(group, code)))
      errors.push({ field: 'documentCode', key: 'invalid' });
    const fileName = file ? cleanUploadFileName(file.fileName) : '';
    const hasFile = file !== undefined && fileName !== '' && file.data.length > 0;
    let expiredIso: string | null = null;
    if (isDocumentTypeCode(code)) {
      for (const issue of documentIssues({
        documentCode: code,
        idNumber: fields.idNumber?.trim() ?? null,
        expiredDate: fields.expiredDate ?? null,
        file: hasFile ? 'file' : null,
      })) {
        errors.push({ field: issue.field, key: issue.key });
      }
    } else if (!hasFile) {
      errors.push({ field: 'file', key: 'document_file_required' });
    }
    if (!isEmpty(fields.expiredDate)) {
      const date = checkDate(fields.expiredDate as string);
      if (date.ok) expiredIso = date.iso;
      else if (!errors.some((e) => e.field === 'expiredDate')) errors.push({ field: 'expiredDate', key: date.key });
    }
    if (hasFile && file) {
      const first = fileIssues({ name: fileName, size: file.data.length }, 'document')[0];
      if (first && FILE_ISSUE_STATUS[first] === 422) errors.push({ field: 'file', key: FILE_ISSUE_KEYS[first] });
    }
    if (errors.length > 0) throw AppError.validation(errors);
    // The shared upload check (size 413, type and hostile content 415): lib/upload-validation.ts.
    const { data, mediaType } = validateUpload(file, 'document');
    const stored = await this.service.change(async () => {
      const inserted = await this.applications.insertDocument(
        {
          applicationId,
          documentCategoryCode: group,
          documentCode: code,
          idNumber: isEmpty(fields.idNumber) ? null : (fields.idNumber as string).trim(),
          expiredDate: expiredIso,
          fileName,
          mediaType,
          data,
          by: caller.user.id,
          at: this.now(),
        },
        FILE_COUNT_MAX,
      );
      if (inserted !== undefined && inserted !== 'full') {
        const { document } = inserted;
        await this.service.record(caller, 'create', applicationId, {
          document: document.id,
          group,
          documentCode: code,
          size: document.size,
        });
      }
      return inserted;
    });
    if (stored === undefined) throw AppError.http(409);
    if (stored === 'full') throw AppError.validation([{ field: 'file', key: 'max' }]);
    const { document, applicationVersion } = stored;
    return { ...toDocument(document), applicationVersion };
  }

  async list(caller: Caller, applicationId: string): Promise<FindApplicationDocumentsResponse> {
    const row = await this.service.requireVisible(caller, applicationId);
    const items = await this.applications.documents(row.id);
    await this.service.record(caller, 'read', row.id, { documents: items.length });
    return { applicationId: row.id, items: items.map(toDocument) };
  }

  private async requireDocument(caller: Caller, documentId: string, write: boolean) {
    const found = isUuid(documentId)
      ? await this.applications.findDocument(write ? writeScope(caller.user) : readScope(caller.user), documentId)
      : undefined;
    if (!found) throw AppError.http(404);
    return found;
  }

  async find(caller: Caller, documentId: string): Promise<ApplicationDocument> {
    const { document } = await this.requireDocument(caller, documentId, false);
    await this.service.record(caller, 'read', document.applicationId, { document: document.id });
    return toDocument(document);
  }

  async download(caller: Caller, documentId: string): Promise<{ fileName: string; mediaType: string; data: Buffer }> {
    const { document } = await this.requireDocument(caller, documentId, false);
    const stored = await this.applications.blob(document.blobId);
    if (!stored) throw AppError.http(404);
    await this.service.record(caller, 'download', document.applicationId, { document: document.id });
    return { fileName: document.fileName, mediaType: document.mediaType, data: stored.data };
  }

  async remove(caller: Caller, documentId: string): Promise<DeleteDocumentResponse> {
    const { document, status } = await this.requireDocument(caller, documentId, true);
    if (status !== 'P') throw AppError.http(409);
    const applicationVersion = await this.service.change(async () => {
      const version = await this.applications.deleteDocument(document.id, document.applicationId, caller.user.id, this.now());
      if (version !== undefined) await this.service.record(caller, 'delete', document.applicationId, { document: document.id });
      return version;
    });
    if (applicationVersion === undefined) throw AppError.http(409);
    return { id: document.id, removed: true, applicationVersion };
  }

  /** pdf stays as it is; jpg, jpeg, png, tiff, tif become one A4 page. Content must match the name. */
  async scan(file: UploadedFile | undefined): Promise<{ fileName: string; pdf: Buffer }> {
    if (!file || cleanUploadFileName(file.fileName) === '' || file.data.length === 0)
      throw AppError.validation([{ field: 'file', key: 'document_file_required' }]);
    // The shared upload check (name 422, size 413, type and hostile content 415): lib/upload-validation.ts.
    const valid = validateUpload(file, 'conversion');
    const base = valid.fileName.replace(/\.[^.]+$/, '');
    const type = sniffFileType(valid.data.subarray(0, 16));
    if (type === 'pdf') return { fileName: `${base}.pdf`, pdf: valid.data };
    let image = valid.data;
    let mediaType = valid.mediaType;
    if (type === 'tiff') {
      const png = tiffToPng(valid.data);
      if (!png) throw AppError.http(415);
      image = png;
      mediaType = 'image/png';
    }
    try {
      return { fileName: `${base}.pdf`, pdf: await this.pdf().render(imagePagePdfHtml(mediaType, image), { margin: '10mm' }) };
    } catch (error) {
      if (error instanceof PdfRenderError) throw new AppError(503, 503, 'unavailable', undefined, { cause: error });
      throw error;
    }
  }
}
