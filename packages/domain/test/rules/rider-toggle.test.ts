import { describe, expect, it } from 'vitest';
import { riderPairIssues, toggleRider } from '@portal/domain/rules/rider-pairs';

describe('toggleRider: a quote form ticking riders (spec §5 pairs)', () => {
  it('ticking WPDH brings WPDL and says so', () => {
    expect(toggleRider([], 'WPDH', true)).toEqual({ selected: ['WPDH', 'WPDL'], added: [{ rider: 'WPDH', companion: 'WPDL' }] });
  });

  it('ticking WPDR brings WPDH and WPDL, each named with the rider that needed it', () => {
    const result = toggleRider(['TBUR'], 'WPDR', true);
    expect(new Set(result.selected)).toEqual(new Set(['TBUR', 'WPDR', 'WPDH', 'WPDL']));
    expect(result.added).toEqual([
      { rider: 'WPDR', companion: 'WPDH' },
      { rider: 'WPDH', companion: 'WPDL' },
    ]);
    expect(riderPairIssues(result.selected)).toEqual([]);
  });

  it('a companion already chosen is not reported as added; an optional pair adds nothing', () => {
    expect(toggleRider(['WPDL'], 'WPDH', true).added).toEqual([]);
    expect(toggleRider([], 'TCIR', true)).toEqual({ selected: ['TCIR'], added: [] });
  });

  it('unticking a needed companion keeps the rest and the issue names exactly the missing rider', () => {
    const result = toggleRider(['WPDH', 'WPDL'], 'WPDL', false);
    expect(result.selected).toEqual(['WPDH']);
    expect(riderPairIssues(result.selected)).toEqual([{ rider: 'WPDH', companion: 'WPDL', key: 'required' }]);
  });
});
