import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Candidate, CandidateDocument } from '@portal/domain/contracts/candidates/candidate';
import type { ExamUploadResponse } from '@portal/domain/contracts/candidates/exam-results';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { xhrUpload, type UploadProgress } from '../../../lib/xhr-upload';
import { candidateKeys } from './candidate-keys';

export interface UploadInput {
  fields: Record<string, string>;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

function form({ fields, file }: UploadInput): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  data.append('file', file, file.name);
  return data;
}

function useUpload<T>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => xhrUpload<T>(path, form(input), input.onProgress ? { onProgress: input.onProgress } : {}),
    onSuccess: () => client.invalidateQueries({ queryKey: candidateKeys.all }),
  });
}

/** POST /api/candidate/v1/document/upload (candidateId, documentType, file). */
export const useUploadDocument = () => useUpload<CandidateDocument>('/api/candidate/v1/document/upload');
/** POST /api/candidate/v1/irc/upload (candidateId, licenceNumber, file). */
export const useUploadIrc = () => useUpload<Candidate>('/api/candidate/v1/irc/upload');
/** POST /api/candidate/v1/contract/upload (candidateId, file): the countersigned contract. */
export const useUploadContract = () => useUpload<CandidateDocument>('/api/candidate/v1/contract/upload');
/** POST /api/support/v1/exam/upload (file: CSV or XLSX). */
export const useUploadExamResults = () => useUpload<ExamUploadResponse>('/api/support/v1/exam/upload');

/** Any GET that answers a file, handed to the browser's download. */
export async function downloadFile(path: string, query: Record<string, string>, fileName: string): Promise<void> {
  const blob = await api.get<Blob>(path, { query, responseType: 'blob' });
  saveBlob(blob, fileName);
}
