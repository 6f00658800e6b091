/**
 * Application status codes of spec §3/§4: P pending moves to S submitted, never back
 * (DESIGN.md §5: a submitted application is read-only).
 */
export const APPLICATION_STATUS_PENDING = 'P';
export const APPLICATION_STATUS_SUBMITTED = 'S';

export const APPLICATION_STATUSES = [APPLICATION_STATUS_PENDING, APPLICATION_STATUS_SUBMITTED] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_NAMES: Readonly<Record<ApplicationStatus, string>> = {
  P: 'pending',
  S: 'submitted',
};

/** The only allowed move: from each status, the statuses it may go to. */
export const APPLICATION_TRANSITIONS: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  P: ['S'],
  S: [],
};

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return typeof value === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(value);
}

export function canTransitionApplication(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return APPLICATION_TRANSITIONS[from].includes(to);
}

/** Only a pending application may be edited. */
export function isApplicationEditable(status: ApplicationStatus): boolean {
  return status === APPLICATION_STATUS_PENDING;
}
