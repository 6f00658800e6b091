import { useMutation } from '@tanstack/react-query';
import { clientPendingFileName } from '@portal/domain/contracts/policies/download-client-pending';
import type { Language } from '@portal/domain/codes/languages';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

/**
 * GET /api/policy/v1/download/{policyNumber}/client-pending?lang= — the client-pending letter as
 * a PDF in the chosen language, handed to the browser's download.
 */
export function downloadClientPending(policyNumber: string, lang: Language): Promise<Blob> {
  return api.get<Blob>(`/api/policy/v1/download/${encodeURIComponent(policyNumber)}/client-pending`, {
    query: { lang },
    responseType: 'blob',
  });
}

export function useDownloadClientPending(policyNumber: string) {
  return useMutation({
    mutationFn: async (lang: Language) => {
      const blob = await downloadClientPending(policyNumber, lang);
      saveBlob(blob, clientPendingFileName(policyNumber, todayInPhnomPenh()));
      return blob;
    },
  });
}
