/**
 * The health questionnaire of wizard step 2 (spec §3 fields questionNumber, answerSequenceNo,
 * answerDescription, answerValue). ASSUMPTION: the spec names the fields, not the questions; the
 * list below is ours. Each answer is `Y` or `N`; a `Y` needs a description of the details.
 * `answerSequenceNo` says whose answer it is: 1 the life insured, 2 the policy owner (asked only
 * when the owner is another person). A `Y` to a question with `medicalDocumentOnYes` makes the
 * medical documents of that person required (supporting document `medical-doc` or
 * `medical-doc-owner`).
 */
export const HEALTH_QUESTIONS = [
  { questionNumber: 1, textKey: 'applications:health_q1', medicalDocumentOnYes: true },
  { questionNumber: 2, textKey: 'applications:health_q2', medicalDocumentOnYes: true },
  { questionNumber: 3, textKey: 'applications:health_q3', medicalDocumentOnYes: true },
  { questionNumber: 4, textKey: 'applications:health_q4', medicalDocumentOnYes: false },
  { questionNumber: 5, textKey: 'applications:health_q5', medicalDocumentOnYes: false },
] as const;

export type HealthQuestionNumber = (typeof HEALTH_QUESTIONS)[number]['questionNumber'];

export const ANSWER_SEQUENCE_LIFE_INSURED = 1;
export const ANSWER_SEQUENCE_POLICY_OWNER = 2;
export type AnswerSequenceNo = typeof ANSWER_SEQUENCE_LIFE_INSURED | typeof ANSWER_SEQUENCE_POLICY_OWNER;

export const HEALTH_ANSWER_VALUES = ['Y', 'N'] as const;
export type HealthAnswerValue = (typeof HEALTH_ANSWER_VALUES)[number];

export function healthQuestion(questionNumber: number) {
  return HEALTH_QUESTIONS.find((q) => q.questionNumber === questionNumber);
}
