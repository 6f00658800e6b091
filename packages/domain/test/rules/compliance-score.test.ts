import { describe, expect, it } from 'vitest';
import { scoreAnswers } from '../../src/rules/compliance-score';

const questions = [1, 2, 3, 4, 5].map((n) => ({ questionNumber: n, correct: [(n % 4) + 1] }));
const answer = (rightOnes: number[]) =>
  questions.map((q) => ({
    questionNumber: q.questionNumber,
    answerSequenceNo: rightOnes.includes(q.questionNumber) ? q.correct[0]! : (q.correct[0]! % 4) + 1,
  }));

describe('compliance scoring', () => {
  it('counts right answers and rounds the percent down', () => {
    expect(scoreAnswers(questions, answer([1, 2, 3]), 80)).toMatchObject({
      correctCount: 3,
      questionCount: 5,
      scorePercent: 60,
      passed: false,
    });
    const three = questions.slice(0, 3);
    expect(scoreAnswers(three, answer([1, 2]).slice(0, 3), 67).scorePercent).toBe(66);
    expect(scoreAnswers(three, answer([1, 2]).slice(0, 3), 67).passed).toBe(false);
  });

  it('passes exactly at the pass mark given, whatever it is', () => {
    expect(scoreAnswers(questions, answer([1, 2, 3, 4]), 80).passed).toBe(true);
    expect(scoreAnswers(questions, answer([1, 2, 3]), 60).passed).toBe(true);
    expect(scoreAnswers(questions, answer([1, 2, 3]), 61).passed).toBe(false);
  });

  it('counts a missing answer as wrong, and an empty questionnaire never passes', () => {
    const result = scoreAnswers(questions, answer([1, 2, 3, 4, 5]).slice(1), 80);
    expect(result.results[0]).toEqual({ questionNumber: 1, correct: false });
    expect(result.scorePercent).toBe(80);
    expect(scoreAnswers([], [], 0).passed).toBe(false);
  });

  it('accepts any of several right choices', () => {
    expect(scoreAnswers([{ questionNumber: 1, correct: [2, 3] }], [{ questionNumber: 1, answerSequenceNo: 3 }], 100).passed).toBe(true);
  });
});
