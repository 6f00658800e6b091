import { useMutation } from '@tanstack/react-query';
import type { Language } from '@portal/domain/codes/languages';
import { api } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';

/**
 * GET /api/report/v1/generate/application-form/{id}?lang= — the application form PDF, opened in a
 * new tab (the call needs the bearer token, so a plain link cannot fetch it); saved instead when
 * the browser blocks the tab.
 */
export function useOpenApplicationForm(applicationId: string, fileName: string) {
  return useMutation({
    mutationFn: async (lang: Language) => {
      const blob = await api.get<Blob>(`/api/report/v1/generate/application-form/${encodeURIComponent(applicationId)}`, {
        query: { lang },
        responseType: 'blob',
      });
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      // Without 'noopener' (with it, window.open always answers null and the file would be saved
      // every time); the new tab's link back to this one is cut right away instead.
      const tab = window.open(url, '_blank');
      if (tab) tab.opener = null;
      else saveBlob(blob, fileName);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return blob;
    },
  });
}
