import { describe, expect, it } from 'vitest';
import { policyScreenPath } from '../hooks/policy-paths';
import { niceStep } from './value-chart';

describe('value chart ticks', () => {
  it('steps by round amounts', () => {
    expect(niceStep(1_234_567, 4)).toBe(500_000);
    expect(niceStep(400_000, 4)).toBe(100_000);
    expect(niceStep(0, 4)).toBe(1);
  });
});

describe('policy screen paths', () => {
  it('puts the policy number in the path, or in ?policyNumber= for the screens that also list every customer', () => {
    expect(policyScreenPath('policy-value', 'P-001')).toBe('/home/servicing/policy-value/P-001');
    expect(policyScreenPath('premium-list', 'P-001')).toBe('/home/servicing/premium-list?policyNumber=P-001');
  });
});
