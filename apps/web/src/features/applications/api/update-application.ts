import { applicationResponseSchema, type ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import type { UpdateApplicationRequest } from '@portal/domain/contracts/applications/update-application';
import { api } from '../../../lib/api-client';

/**
 * POST /api/appform/v1/update/{id} — saves a step's draft (and marks it complete when asked and
 * its rules pass) and/or the active step. The wizard serialises these calls (use-wizard-saver).
 */
export async function updateApplication(id: string, body: UpdateApplicationRequest): Promise<ApplicationResponse> {
  return applicationResponseSchema.parse(await api.post<unknown>(`/api/appform/v1/update/${encodeURIComponent(id)}`, body));
}
