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
      const blob = await api.get<Blob>(`/api/report/v1/generate/application-form/${encodeURIComponent(applicationId)}`, { query: { lang }, responseType: 'blob' });
      const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
      const tab = window.open(url, '_blank', 'noopener');
      if (!tab) saveBlob(blob, fileName);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return blob;
    },
  });
}
