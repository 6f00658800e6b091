import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@portal/domain/codes/storage-keys';
import { WIZARD_STEPS, type WizardStepIndex, type WizardStepName } from '@portal/domain/codes/wizard-steps';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import type { ApplicationStepData } from '@portal/domain/contracts/applications/application-steps';
import type { ApplicationDocument } from '@portal/domain/contracts/documents/application-document';
import type { SavableStep } from '@portal/domain/contracts/applications/update-application';
import type { FieldError } from '@portal/domain/errors/error-envelope';
import type { ApplicationFacts } from '@portal/domain/rules/application-facts';
import { stepIssues } from '@portal/domain/rules/application-steps';
import { applicationKeys } from '../api/application-keys';
import { updateApplication } from '../api/update-application';

/** How long typing may pause before the step's draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 800;

export type SaveState = 'idle' | 'saving' | 'saved' | 'error' | 'conflict';

export type StepDrafts = ApplicationStepData;

export function factsOf(steps: StepDrafts, app: ApplicationResponse, documents: readonly ApplicationDocument[]): ApplicationFacts {
  return {
    steps,
    product: { productCode: app.product.productCode, faceAmount: app.product.faceAmount },
    documents: documents.map((d) => ({ groupId: d.documentCategoryCode, documentCode: d.documentCode, idNumber: d.idNumber, expiredDate: d.expiredDate, hasFile: d.size > 0 })),
  };
}

function rememberStep(applicationId: string, step: number): void {
  try {
    localStorage.setItem(STORAGE_KEYS.activeStep, JSON.stringify({ applicationId, step }));
  } catch {
    // Storage may be full or blocked; the server keeps activeStep anyway.
  }
}

/**
 * The wizard's state: the steps' drafts as typed, the active step, and the saves. Every change
 * is saved as a draft after a short pause, and the step is saved (complete when its rules pass)
 * when the user leaves it; saves run one at a time, each with the version the previous one
 * answered, so the wizard never conflicts with itself. A 409 means the application changed
 * elsewhere (another tab, or it was submitted): the wizard says so and reloads.
 */
export function useWizard(app: ApplicationResponse, documents: readonly ApplicationDocument[]) {
  const queryClient = useQueryClient();
  const [steps, setSteps] = useState<StepDrafts>(app.steps);
  const [active, setActive] = useState<WizardStepIndex>(app.activeStep as WizardStepIndex);
  const [completion, setCompletion] = useState(app.completion);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [shownErrors, setShownErrors] = useState<Partial<Record<WizardStepName, boolean>>>({});
  const version = useRef(app.version);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(steps);
  latest.current = steps;

  const facts = useMemo(() => factsOf(steps, app, documents), [steps, app, documents]);
  const issuesOf = useCallback((name: WizardStepName): FieldError[] => stepIssues(name, facts), [facts]);

  const enqueue = useCallback((name: SavableStep | null, activeStep?: number) => {
    const run = async () => {
      setSaveState('saving');
      try {
        const data = name === null ? undefined : name === 'supportingDocuments' ? {} : latest.current[name];
        const complete = name === null ? false : stepIssues(name, factsOf(latest.current, app, documents)).length === 0;
        const saved = await updateApplication(app.id, {
          version: version.current,
          ...(activeStep === undefined ? {} : { activeStep }),
          ...(name === null ? {} : { step: { name, data: data as Record<string, unknown>, complete } }),
        });
        version.current = saved.version;
        setCompletion(saved.completion);
        queryClient.setQueryData(applicationKeys.detail(app.id), { ...saved, steps: latest.current });
        setSaveState('saved');
      } catch (error) {
        const status = (error as { status?: number }).status;
        setSaveState(status === 409 ? 'conflict' : 'error');
      }
    };
    queue.current = queue.current.then(run, run);
    return queue.current;
  }, [app, documents, queryClient]);

  const currentName = WIZARD_STEPS[active]?.name ?? 'personalInfo';

  /** Edits a step's draft; saved after a pause. */
  const update = useCallback(<K extends keyof StepDrafts>(name: K, data: StepDrafts[K]) => {
    setSteps((prev) => ({ ...prev, [name]: data }));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void enqueue(name as SavableStep);
    }, DRAFT_SAVE_DELAY_MS);
  }, [enqueue]);

  /** Leaves the current step for another: saves it (a pending draft save goes with it). */
  const goTo = useCallback((target: WizardStepIndex) => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    const leaving = currentName === 'submission' ? null : (currentName as SavableStep);
    void enqueue(leaving, target);
    setActive(target);
    rememberStep(app.id, target);
  }, [app.id, currentName, enqueue]);

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

  /** Saves now (before the page goes away). */
  const flush = useCallback(() => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
      if (currentName !== 'submission') void enqueue(currentName as SavableStep);
    }
    return queue.current;
  }, [currentName, enqueue]);

  useEffect(() => {
    rememberStep(app.id, active);
    // A visit ends with the draft saved: flush when the tab is hidden or closed.
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onHide);
    };
  }, [app.id, active, flush]);

  return {
    steps, active, completion, saveState, facts, issuesOf, update, goTo, next, flush,
    showErrors: (name: WizardStepName) => shownErrors[name] === true,
    revealErrors: (name: WizardStepName) => setShownErrors((prev) => ({ ...prev, [name]: true })),
  };
}

export type Wizard = ReturnType<typeof useWizard>;
