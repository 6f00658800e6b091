import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@portal/domain/codes/storage-keys';
import { WIZARD_STEPS, type WizardStepIndex, type WizardStepName } from '@portal/domain/codes/wizard-steps';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import type { ApplicationStepData } from '@portal/domain/contracts/applications/application-steps';
import type { ApplicationDocument } from '@portal/domain/contracts/documents/application-document';
import type { SavableStep, UpdateApplicationRequest } from '@portal/domain/contracts/applications/update-application';
import type { FieldError } from '@portal/domain/errors/error-envelope';
import type { ApplicationFacts } from '@portal/domain/rules/application-facts';
import type { SignatureParty } from '@portal/domain/contracts/applications/application-steps';
import type { RemoteSignStatusResponse } from '@portal/domain/contracts/applications/remote-signature';
import { stepIssues } from '@portal/domain/rules/application-steps';
import { isApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { applicationKeys } from '../api/application-keys';
import { findApplication } from '../api/find-application';
import { updateApplication } from '../api/update-application';

/** How long typing may pause before the step's draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 800;
/** Waits before saving again after a failure the network or the server may get over (then the longest, again and again). */
export const SAVE_RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 15_000, 30_000] as const;

/**
 * `retrying`: the last save did not get through (no connection, server busy) and is tried again
 * by itself; `invalid`: the server refused the step's data (422, `serverErrors` says why);
 * `conflict`: the application changed elsewhere (409), nothing more is saved until a reload.
 */
export type SaveState = 'idle' | 'saving' | 'saved' | 'retrying' | 'invalid' | 'error' | 'conflict';

export type StepDrafts = ApplicationStepData;

export function factsOf(
  steps: StepDrafts,
  app: ApplicationResponse,
  documents: readonly ApplicationDocument[],
  remoteSigned: readonly SignatureParty[] = [],
): ApplicationFacts {
  return {
    steps,
    remoteSigned,
    product: { productCode: app.product.productCode, faceAmount: app.product.faceAmount },
    documents: documents.map((d) => ({
      groupId: d.documentCategoryCode,
      documentCode: d.documentCode,
      idNumber: d.idNumber,
      expiredDate: d.expiredDate,
      hasFile: d.size > 0,
    })),
  };
}

function rememberStep(applicationId: string, step: number): void {
  try {
    localStorage.setItem(STORAGE_KEYS.activeStep, JSON.stringify({ applicationId, step }));
  } catch {
    // Storage may be full or blocked; the server keeps activeStep anyway.
  }
}

/** JSON with the keys sorted (and undefined left out): the same data compares equal however it was built. */
function stable(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : v,
    ) ?? ''
  );
}

/** No answer, a timeout, too many requests or a server fault: worth trying the same save again. */
function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return (
    error.status === NETWORK_ERROR_STATUS || error.status === 408 || error.status === 425 || error.status === 429 || error.status >= 500
  );
}

/**
 * The wizard's state: the steps' drafts as typed, the active step, and the saves. Every change
 * is saved as a draft after a short pause, and the step is saved (complete when its rules pass)
 * when the user leaves it; saves run one at a time, each with the version the previous one
 * answered, so the wizard never conflicts with itself. Document uploads and deletes (which move
 * the version on too) join the same queue, in the order they were asked for, so they never
 * overlap a step save; the version they answer is taken.
 *
 * A step whose latest draft the server has not acknowledged stays "unsaved" until a save of it
 * succeeds: a failure the network may get over is retried by itself (with growing waits, and at
 * once when the browser is back online), a refusal (422) is shown with its reasons, and a 409
 * (changed elsewhere) stops all saving until a reload. `ensureSaved()` is what submission waits
 * for: it saves whatever is unsaved and says whether the server now holds exactly the drafts the
 * user sees, and `version()` is the version that acknowledgement answered — so a submission is
 * never made from a draft older than the screen (or with a version the server moved past).
 */
const NO_PARTIES: readonly SignatureParty[] = [];
const noop = () => undefined;

/** `remote`: the application's remote signatures and waiting links (decision 014), once loaded. */
export function useWizard(app: ApplicationResponse, documents: readonly ApplicationDocument[], remote?: RemoteSignStatusResponse) {
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState<StepDrafts>(app.steps);
  const [active, setActive] = useState<WizardStepIndex>(app.activeStep as WizardStepIndex);
  const [completion, setCompletion] = useState(app.completion);
  const [saveState, setSaveStateNow] = useState<SaveState>('idle');
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [shownErrors, setShownErrors] = useState<Partial<Record<WizardStepName, boolean>>>({});
  const version = useRef(app.version);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The drafts as typed, ahead of the next render (`update` sets both). */
  const latest = useRef(steps);
  /** Steps whose latest draft the server has not acknowledged. */
  const unsaved = useRef(new Set<SavableStep>());
  /** The active step, when the server has not acknowledged it yet. */
  const pendingActive = useRef<number | undefined>(undefined);
  const state = useRef<SaveState>('idle');
  const retry = useRef<{ timer: ReturnType<typeof setTimeout> | null; attempt: number }>({ timer: null, attempt: 0 });
  /** The steps as the server last answered them. */
  const acknowledged = useRef<StepDrafts>(app.steps);
  const resyncRef = useRef<() => Promise<unknown>>(() => Promise.resolve());

  const setSaveState = useCallback((next: SaveState) => {
    state.current = next;
    setSaveStateNow(next);
  }, []);

  // Remote signatures (decision 014) count for the declaration as the server counts them.
  const remoteSigned = useMemo(() => remote?.signatures.map((s) => s.party) ?? NO_PARTIES, [remote]);
  const facts = useMemo(() => factsOf(steps, app, documents, remoteSigned), [steps, app, documents, remoteSigned]);
  const issuesOf = useCallback((name: WizardStepName): FieldError[] => stepIssues(name, facts), [facts]);

  const scheduleRetry = useCallback(() => {
    if (retry.current.timer) return;
    const delay = SAVE_RETRY_DELAYS_MS[Math.min(retry.current.attempt, SAVE_RETRY_DELAYS_MS.length - 1)] ?? 30_000;
    retry.current.attempt += 1;
    retry.current.timer = setTimeout(() => {
      retry.current.timer = null;
      void resyncRef.current();
    }, delay);
  }, []);

  /** A newer version the server answered (a step save, an upload, a delete). */
  const acknowledgeVersion = useCallback(
    (next: number) => {
      if (next <= version.current) return;
      version.current = next;
      queryClient.setQueryData<ApplicationResponse>(applicationKeys.detail(app.id), (old) => (old ? { ...old, version: next } : old));
    },
    [app.id, queryClient],
  );

  /**
   * After a 409: was it only our own change whose answer never arrived (a save or an upload that
   * reached the server while the connection dropped)? Then the server's steps are the ones last
   * acknowledged here, except perhaps the one being saved, which holds exactly what was sent:
   * take the server's version and go on. Anything else is a change made elsewhere.
   */
  const adoptOwnLostChange = useCallback(
    async (sent: UpdateApplicationRequest): Promise<boolean> => {
      let server: ApplicationResponse;
      try {
        server = await findApplication(app.id);
      } catch {
        return false;
      }
      if (server.status !== 'P') return false;
      const names = Object.keys(server.steps) as (keyof StepDrafts)[];
      const ours = names.every((name) => {
        const theirs = stable(server.steps[name]);
        return theirs === stable(acknowledged.current[name]) || (sent.step?.name === name && theirs === stable(sent.step.data));
      });
      if (!ours) return false;
      acknowledged.current = server.steps;
      version.current = server.version;
      return true;
    },
    [app.id],
  );

  /**
   * Queues a save: of step `name` (when it has unsaved changes, or always when `leaving`) and of
   * the active step. Resolves when it is done, whatever the outcome.
   */
  const enqueue = useCallback(
    (name: SavableStep | null, options: { activeStep?: number; leaving?: boolean } = {}) => {
      if (options.activeStep !== undefined) pendingActive.current = options.activeStep;
      const run = async (recovering = false): Promise<void> => {
        if (state.current === 'conflict') return;
        const step = name !== null && (options.leaving === true || unsaved.current.has(name)) ? name : null;
        const activeStep = pendingActive.current;
        if (step === null && activeStep === undefined) return;
        const data = step === null ? undefined : step === 'supportingDocuments' ? {} : latest.current[step];
        const body: UpdateApplicationRequest = {
          version: version.current,
          ...(activeStep === undefined ? {} : { activeStep }),
          ...(step === null
            ? {}
            : {
                step: {
                  name: step,
                  data: data as Record<string, unknown>,
                  complete: stepIssues(step, factsOf(latest.current, app, documents, remoteSigned)).length === 0,
                },
              }),
        };
        setSaveState('saving');
        let refused: FieldError[] = [];
        try {
          let saved: ApplicationResponse;
          try {
            saved = await updateApplication(app.id, body);
          } catch (error) {
            // The server's rules refused to mark the step complete: keep the draft at least, and say why.
            if (!(isApiError(error) && error.status === 422 && body.step?.complete === true)) throw error;
            refused = error.errors ?? [];
            saved = await updateApplication(app.id, { ...body, step: { ...body.step, complete: false } });
          }
          version.current = saved.version;
          acknowledged.current = saved.steps;
          if (step !== null && step !== 'supportingDocuments' && latest.current[step] === data) unsaved.current.delete(step);
          if (pendingActive.current === activeStep) pendingActive.current = undefined;
          retry.current.attempt = 0;
          setCompletion(saved.completion);
          queryClient.setQueryData(applicationKeys.detail(app.id), saved);
          setServerErrors(refused);
          if (refused.length > 0) setSaveState('invalid');
          else if (unsaved.current.size > 0 && timer.current === null) {
            // Another step is still unsaved (an earlier failure): save it now.
            setSaveState('saving');
            void resyncRef.current();
          } else setSaveState(unsaved.current.size > 0 ? 'saving' : 'saved');
        } catch (error) {
          if (isApiError(error) && error.status === 409) {
            // Our own earlier change whose answer was lost: save again on the server's version.
            if (!recovering && (await adoptOwnLostChange(body))) return run(true);
            setSaveState('conflict');
          } else if (isApiError(error) && error.status === 422) {
            setServerErrors(error.errors ?? []);
            setSaveState('invalid');
          } else if (isTransient(error)) {
            setSaveState('retrying');
            scheduleRetry();
          } else {
            setSaveState('error');
          }
        }
      };
      const start = () => run();
      queue.current = queue.current.then(start, start);
      return queue.current;
    },
    [adoptOwnLostChange, app, documents, remoteSigned, queryClient, scheduleRetry, setSaveState],
  );

  /** Saves every step with unsaved changes (and the active step, if not acknowledged). */
  const resync = useCallback(() => {
    if (retry.current.timer) {
      clearTimeout(retry.current.timer);
      retry.current.timer = null;
    }
    const names = [...unsaved.current];
    for (const name of names) void enqueue(name);
    if (names.length === 0 && pendingActive.current !== undefined) void enqueue(null);
    return queue.current;
  }, [enqueue]);
  useLayoutEffect(() => {
    resyncRef.current = resync;
  }, [resync]);

  const currentName = WIZARD_STEPS[active]?.name ?? 'personalInfo';

  /** Edits a step's draft; saved after a pause. */
  const update = useCallback(
    <K extends keyof StepDrafts>(name: K, data: StepDrafts[K]) => {
      setSteps((prev) => ({ ...prev, [name]: data }));
      latest.current = { ...latest.current, [name]: data };
      unsaved.current.add(name as SavableStep);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void enqueue(name as SavableStep);
      }, DRAFT_SAVE_DELAY_MS);
    },
    [enqueue],
  );

  /** Leaves the current step for another: saves it (a pending draft save goes with it). */
  const goTo = useCallback(
    (target: WizardStepIndex) => {
      if (timer.current) {
        clearTimeout(timer.current);
        timer.current = null;
      }
      const leaving = currentName === 'submission' ? null : (currentName as SavableStep);
      void enqueue(leaving, { activeStep: target, leaving: true });
      setActive(target);
      rememberStep(app.id, target);
    },
    [app.id, currentName, enqueue],
  );

  /** Next: only when the step's rules pass; otherwise its errors are shown and it is saved as a draft. */
  const next = useCallback((): boolean => {
    const issues = currentName === 'submission' ? [] : issuesOf(currentName);
    if (issues.length > 0) {
      setShownErrors((prev) => ({ ...prev, [currentName]: true }));
      if (currentName !== 'submission') void enqueue(currentName as SavableStep);
      return false;
    }
    goTo(Math.min(active + 1, 6) as WizardStepIndex);
    return true;
  }, [active, currentName, enqueue, goTo, issuesOf]);

  /** Saves now whatever is unsaved (before the page goes away, before submitting). */
  const flush = useCallback(async () => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    void resync();
    // Wait for the queue as it stands once nothing more is added to it.
    let tail: Promise<unknown>;
    do {
      tail = queue.current;
      await tail;
    } while (tail !== queue.current);
  }, [resync]);

  /**
   * Saves whatever is unsaved and answers whether the server now holds exactly what the screen
   * shows (then `version()` is the version of that state). False after a failure: the save state
   * says which (not reachable, refused, changed elsewhere).
   */
  const ensureSaved = useCallback(async (): Promise<boolean> => {
    await flush();
    return unsaved.current.size === 0 && state.current !== 'conflict';
  }, [flush]);

  /**
   * Runs a document upload or delete (which moves the application's version on) so that it never
   * overlaps a step save: it starts once the saves queued so far are done, and saves queued while
   * it runs wait for it. The version it answers is taken, so the next save does not conflict.
   */
  const changeDocuments = useCallback(
    <T extends { applicationVersion: number }>(change: () => Promise<T>): Promise<T> => {
      const done = queue.current.then(change, change).then((result) => {
        acknowledgeVersion(result.applicationVersion);
        return result;
      });
      // In the one queue: a save asked for from now on starts after it, whatever its outcome.
      queue.current = done.then(noop, noop);
      return done;
    },
    [acknowledgeVersion],
  );

  useEffect(() => {
    rememberStep(app.id, active);
    // A visit ends with the draft saved: flush when the tab is hidden or closed. The saves go out
    // with `keepalive` (api/update-application.ts), so one sent as the page goes away still arrives.
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    // Back online: save what is unsaved at once rather than at the next retry.
    const onOnline = () => {
      if (unsaved.current.size > 0 || pendingActive.current !== undefined) void resync();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onHide);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('online', onOnline);
    };
  }, [app.id, active, flush, resync]);

  // Leaving the wizard inside the app (another screen): what is unsaved is saved now, not dropped.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        timer.current = null;
      }
      if (unsaved.current.size > 0 || pendingActive.current !== undefined) void resyncRef.current();
      else if (retry.current.timer) clearTimeout(retry.current.timer);
    },
    [],
  );

  return {
    steps,
    active,
    completion,
    saveState,
    serverErrors,
    facts,
    applicationId: app.id,
    /** Remote signatures and links waiting (undefined while loading). */
    remote,
    issuesOf,
    update,
    goTo,
    next,
    flush,
    ensureSaved,
    changeDocuments,
    /** The version of the last state the server acknowledged. */
    version: () => version.current,
    showErrors: (name: WizardStepName) => shownErrors[name] === true,
    revealErrors: (name: WizardStepName) => setShownErrors((prev) => ({ ...prev, [name]: true })),
  };
}

export type Wizard = ReturnType<typeof useWizard>;
