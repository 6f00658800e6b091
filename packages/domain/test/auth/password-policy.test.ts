import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  checkPasswordRules,
  hasRepeatedRun,
  hasSequentialRun,
  isStrongEnough,
  PASSWORD_CHECK_ORDER,
  type PasswordFacts,
} from '@portal/domain/rules/password-policy';

const clean: PasswordFacts = { isBreached: () => false, isRecentlyUsed: () => false, strengthScore: () => 4 };

describe('password rules (spec §8 codes)', () => {
  it('refuses fewer than 8 characters with 1050, counting characters not UTF-16 units', () => {
    expect(checkPasswordRules('Ab1!xY7')).toBe(1050);
    expect(checkPasswordRules('Ab1!xY7z')).toBeNull();
    expect(checkPasswordRules('😀😀😀x')).toBe(1050); // 4 characters, 7 UTF-16 units
    expect(checkPasswordRules('')).toBe(1050);
  });

  it('refuses a run of 4 repeated characters with 1051, case-insensitively', () => {
    expect(hasRepeatedRun('xaaaay')).toBe(true);
    expect(hasRepeatedRun('xaAaAy')).toBe(true);
    expect(hasRepeatedRun('1111')).toBe(true);
    expect(hasRepeatedRun('aaabaaa')).toBe(false);
    expect(checkPasswordRules('Pass!!!!word9')).toBe(1051);
    expect(checkPasswordRules('Paaa!word9')).toBeNull();
  });

  it('refuses a run of 4 sequential digits or letters, up or down, with 1052', () => {
    for (const pw of ['x1234yZ!', 'Tabcd!x9', 'Qdcba!x9', 'k9876!Zq', 'ABCD-z!9q', 'wxyz!Q12']) {
      expect(checkPasswordRules(pw), pw).toBe(1052);
    }
    expect(hasSequentialRun('123x4567')).toBe(true);
    expect(hasSequentialRun('1235')).toBe(false);
    expect(hasSequentialRun('12321')).toBe(false); // up then down is not one run
    expect(hasSequentialRun('9a0b')).toBe(false); // digits and letters are different alphabets
    expect(hasSequentialRun('xyz{')).toBe(false); // only digits and Latin letters
    expect(checkPasswordRules('abc!123Q')).toBeNull();
  });

  it('reports the first failing rule in the fixed order', () => {
    expect(checkPasswordRules('aaaa')).toBe(1050);
    expect(checkPasswordRules('1111234abc')).toBe(1051);
    expect(PASSWORD_CHECK_ORDER).toEqual([1050, 1051, 1052, 1053, 1044, 1006]);
  });

  it('asks the server facts lazily, in order, and stops at the first failure', async () => {
    const asked: string[] = [];
    const facts: PasswordFacts = {
      isBreached: () => {
        asked.push('breached');
        return false;
      },
      isRecentlyUsed: async () => {
        asked.push('recent');
        return true;
      },
      strengthScore: () => {
        asked.push('score');
        return 4;
      },
    };
    expect(await checkPassword('Plenty-Long!Pw9', facts)).toBe(1044);
    expect(asked).toEqual(['breached', 'recent']);
    expect(await checkPassword('short', facts)).toBe(1050);
    expect(asked).toEqual(['breached', 'recent']);
    expect(await checkPassword('Plenty-Long!Pw9', { ...clean, isBreached: () => true })).toBe(1053);
    expect(await checkPassword('Plenty-Long!Pw9', { ...clean, strengthScore: () => 2 })).toBe(1006);
    expect(await checkPassword('Plenty-Long!Pw9', clean)).toBeNull();
  });

  it('treats scores 3 and 4 as strong', () => {
    expect([0, 1, 2, 3, 4].map(isStrongEnough)).toEqual([false, false, false, true, true]);
  });
});
