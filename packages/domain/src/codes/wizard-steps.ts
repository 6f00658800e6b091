/**
 * The application wizard of spec §2: seven steps, 0 to 6, each tracked by a completion flag.
 * The first step is active at start (spec §4). `activeStep` in the client store holds the index.
 */
export const WIZARD_STEPS = [
  { index: 0, name: 'personalInfo', completionFlag: 'personalInfoCompleted' },
  { index: 1, name: 'productInfo', completionFlag: 'productInfoCompleted' },
  { index: 2, name: 'healthInfo', completionFlag: 'healthInfoCompleted' },
  { index: 3, name: 'declarationAuthorization', completionFlag: 'declarationAuthorizationCompleted' },
  { index: 4, name: 'advisorStatement', completionFlag: 'advisorStatementCompleted' },
  { index: 5, name: 'supportingDocuments', completionFlag: 'supportingDocumentsCompleted' },
  { index: 6, name: 'submission', completionFlag: 'submissionCompleted' },
] as const;

export type WizardStep = (typeof WIZARD_STEPS)[number];
export type WizardStepIndex = WizardStep['index'];
export type WizardStepName = WizardStep['name'];
export type WizardCompletionFlag = WizardStep['completionFlag'];

export const WIZARD_STEP_NAMES = WIZARD_STEPS.map((step) => step.name) as readonly WizardStepName[];

export const FIRST_WIZARD_STEP: WizardStepIndex = 0;
export const LAST_WIZARD_STEP: WizardStepIndex = 6;

/** Completion flags of all seven steps, every one false: a new application's starting point. */
export type WizardCompletion = Record<WizardCompletionFlag, boolean>;

export function emptyWizardCompletion(): WizardCompletion {
  return Object.fromEntries(WIZARD_STEPS.map((step) => [step.completionFlag, false])) as WizardCompletion;
}

export function isWizardStepIndex(value: unknown): value is WizardStepIndex {
  return typeof value === 'number' && Number.isInteger(value) && value >= FIRST_WIZARD_STEP && value <= LAST_WIZARD_STEP;
}

export function wizardStepByName(name: WizardStepName): WizardStep {
  const step = WIZARD_STEPS.find((candidate) => candidate.name === name);
  if (!step) throw new Error(`Unknown wizard step ${name}`);
  return step;
}

/** The first step whose flag is not set, or the last step when all are done. */
export function firstIncompleteStep(completion: Partial<WizardCompletion>): WizardStepIndex {
  const open = WIZARD_STEPS.find((step) => completion[step.completionFlag] !== true);
  return open ? open.index : LAST_WIZARD_STEP;
}

/** An application may be submitted when steps 0 to 5 are complete (step 6 is the submission itself). */
export function isReadyToSubmit(completion: Partial<WizardCompletion>): boolean {
  return WIZARD_STEPS.filter((step) => step.index < LAST_WIZARD_STEP).every((step) => completion[step.completionFlag] === true);
}
