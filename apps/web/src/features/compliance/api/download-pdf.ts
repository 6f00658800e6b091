import { useMutation } from '@tanstack/react-query';
import type { Language } from '@portal/domain/codes/languages';
import { certificateFileName, materialFileName } from '@portal/domain/contracts/compliance/download-pdf';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

const PATH = '/api/compliance/training/v1/form/download/pdf';

/** A training material as a PDF in the chosen language. */
export function useDownloadMaterial() {
  return useMutation({
    mutationFn: async ({ id, sequence, lang }: { id: string; sequence: number; lang: Language }) => {
      const blob = await api.get<Blob>(PATH, { query: { kind: 'material', id, lang }, responseType: 'blob' });
      saveBlob(blob, materialFileName(sequence, lang));
    },
  });
}

/** The caller's completion certificate (after a pass). */
export function useDownloadCertificate() {
  return useMutation({
    mutationFn: async ({ periodCode, lang }: { periodCode: string; lang: Language }) => {
      const blob = await api.get<Blob>(PATH, { query: { kind: 'certificate', lang }, responseType: 'blob' });
      saveBlob(blob, certificateFileName(periodCode));
    },
  });
}
