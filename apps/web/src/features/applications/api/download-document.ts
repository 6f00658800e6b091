import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

/** GET /api/document/v1/download?id= — the stored file, handed to the browser's download. */
export function useDownloadDocument() {
  return useMutation({
    mutationFn: async ({ id, fileName }: { id: string; fileName: string }) => {
      const blob = await api.get<Blob>('/api/document/v1/download', { query: { id }, responseType: 'blob' });
      saveBlob(blob, fileName);
      return blob;
    },
  });
}
