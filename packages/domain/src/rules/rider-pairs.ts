/**
 * Rider pairs of spec §5 as data, with a checker.
 *
 * Reading of the spec (ASSUMPTION): in "A+B required" the first rider needs the second — choosing
 * A without B is an error, B alone is fine. So WPDH needs WPDL, and WPDR needs both WPDH and WPDL
 * (a ladder: L, then H, then R). In "A+B optional" the second may be added to the first but need
 * not be: no error either way; the pair tells a form which companion to offer.
 */
import type { RiderCode } from '../codes/riders';

export type RiderPairKind = 'required' | 'optional';

export interface RiderPair {
  rider: RiderCode;
  companion: RiderCode;
  kind: RiderPairKind;
}

export const RIDER_PAIRS: readonly RiderPair[] = [
  { rider: 'WPCH', companion: 'WPCL', kind: 'optional' },
  { rider: 'WPDH', companion: 'WPDL', kind: 'required' },
  { rider: 'WPDR', companion: 'WPDH', kind: 'required' },
  { rider: 'WPCH', companion: 'WPCR', kind: 'optional' },
  { rider: 'WPDR', companion: 'WPDL', kind: 'required' },
  { rider: 'WPCR', companion: 'WPCL', kind: 'optional' },
  /** The saving pair. */
  { rider: 'TCIR', companion: 'CIWOP', kind: 'optional' },
];

export interface RiderPairIssue {
  /** The chosen rider that needs a companion. */
  rider: RiderCode;
  /** The companion that is missing. */
  companion: RiderCode;
  key: 'required';
}

/** Every required companion missing from a selection of rider codes. */
export function riderPairIssues(selected: readonly string[]): RiderPairIssue[] {
  const chosen = new Set(selected);
  return RIDER_PAIRS.filter((pair) => pair.kind === 'required' && chosen.has(pair.rider) && !chosen.has(pair.companion)).map((pair) => ({
    rider: pair.rider,
    companion: pair.companion,
    key: 'required',
  }));
}

export function areRiderPairsSatisfied(selected: readonly string[]): boolean {
  return riderPairIssues(selected).length === 0;
}

/** The companions a rider needs and the ones it may take, for a form to add or offer. */
export function riderCompanions(rider: string): { required: RiderCode[]; optional: RiderCode[] } {
  const pairs = RIDER_PAIRS.filter((pair) => pair.rider === rider);
  return {
    required: pairs.filter((pair) => pair.kind === 'required').map((pair) => pair.companion),
    optional: pairs.filter((pair) => pair.kind === 'optional').map((pair) => pair.companion),
  };
}

/**
 * A selection closed under required companions: choosing WPDR brings WPDH and WPDL with it.
 * Order is kept; added companions follow the rider that needed them.
 */
export function withRequiredCompanions(selected: readonly string[]): string[] {
  const result: string[] = [];
  const add = (code: string): void => {
    if (result.includes(code)) return;
    result.push(code);
    riderCompanions(code).required.forEach(add);
  };
  selected.forEach(add);
  return result;
}

export interface RiderToggle {
  /** The selection after the change. */
  selected: string[];
  /** Companions added because a chosen rider needs them (spec §5 required pairs), each with the rider that needed it. */
  added: { rider: string; companion: string }[];
}

/**
 * A rider ticked or unticked as a quote form does it: ticking a rider brings the companions it
 * needs (WPDH brings WPDL; WPDR brings WPDH and WPDL) and says which were added; unticking
 * removes only that rider (a rider still needing it is then reported by riderPairIssues, naming
 * exactly which companion is missing).
 */
export function toggleRider(selected: readonly string[], code: string, on: boolean): RiderToggle {
  if (!on) return { selected: selected.filter((c) => c !== code), added: [] };
  const before = new Set(selected);
  const next = withRequiredCompanions([...selected.filter((c) => c !== code), code]);
  const added: { rider: string; companion: string }[] = [];
  const note = (rider: string): void => {
    for (const companion of riderCompanions(rider).required) {
      if (before.has(companion) || added.some((a) => a.companion === companion)) continue;
      added.push({ rider, companion });
      note(companion);
    }
  };
  note(code);
  return { selected: next, added };
}
