import { applicationResponseSchema, type ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import type { UpdateApplicationRequest } from '@portal/domain/contracts/applications/update-application';
import { api } from '../../../lib/api-client';

/**
 * The largest step save sent with `keepalive`. Browsers allow 64 KiB of keepalive request bodies
 * in flight per page (all of them together); the wizard sends one save at a time, and the margin
 * is for anything else the page may send the same way.
 */
export const KEEPALIVE_BODY_MAX_BYTES = 60 * 1024;

/**
 * POST /api/appform/v1/update/{id} — saves a step's draft (and marks it complete when asked and
 * its rules pass) and/or the active step. The wizard serialises these calls (hooks/use-wizard).
 *
 * Every save that fits goes out with `fetch(..., { keepalive: true })`, so one sent while the page
 * is being hidden or closed (the wizard's pagehide flush), or already on its way then, still
 * reaches the server. `navigator.sendBeacon` would not do: it cannot carry the bearer token nor
 * the XSRF header, and gives no answer to take the new version from.
 *
 * A larger save (in practice only the declaration with several big drawn signatures) cannot be
 * keepalive — the browser would refuse it outright — so it goes as an ordinary request, which
 * the browser may cancel if the page goes away before it is sent. That is the best available
 * without storing personal data in the browser (which the portal does not do): such a step is
 * saved as soon as a signature is accepted (after DRAFT_SAVE_DELAY_MS), so only changes made in
 * the last moment before closing can be lost, and the step is marked unsaved until the server
 * acknowledges it.
 */
export async function updateApplication(id: string, body: UpdateApplicationRequest): Promise<ApplicationResponse> {
  const keepalive = new TextEncoder().encode(JSON.stringify(body)).length <= KEEPALIVE_BODY_MAX_BYTES;
  return applicationResponseSchema.parse(await api.post<unknown>(`/api/appform/v1/update/${encodeURIComponent(id)}`, body, { keepalive }));
}
