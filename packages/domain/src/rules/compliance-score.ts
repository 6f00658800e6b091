/**
 * Scoring of a compliance questionnaire: one point per question whose chosen answer is
 * a right one; the score is the percent of questions right, rounded down (so a pass is never
 * rounded into being); the attempt passes when the score reaches the period's pass mark, which
 * is data (compliance_period.pass_mark_percent), never a constant here.
 */
export interface ScoredQuestion {
  questionNumber: number;
  /** The answerSequenceNo of every right choice. */
  correct: readonly number[];
}

export interface AnswerGiven {
  questionNumber: number;
  answerSequenceNo: number;
}

export interface Score {
  correctCount: number;
  questionCount: number;
  scorePercent: number;
  passed: boolean;
  results: { questionNumber: number; correct: boolean }[];
}

export function scoreAnswers(questions: readonly ScoredQuestion[], answers: readonly AnswerGiven[], passMarkPercent: number): Score {
  const given = new Map(answers.map((a) => [a.questionNumber, a.answerSequenceNo]));
  const results = questions.map((q) => {
    const choice = given.get(q.questionNumber);
    return { questionNumber: q.questionNumber, correct: choice !== undefined && q.correct.includes(choice) };
  });
  const correctCount = results.filter((r) => r.correct).length;
  const questionCount = questions.length;
  const scorePercent = questionCount === 0 ? 0 : Math.floor((correctCount * 100) / questionCount);
  return { correctCount, questionCount, scorePercent, passed: questionCount > 0 && scorePercent >= passMarkPercent, results };
}
