import { useEffect, useMemo, useState } from 'react';
import type { Catalogue } from '@portal/domain/catalogue/catalogue-schema';
import type { CalculatePremiumResponse } from '@portal/domain/contracts/engine/calculate-premium';
import { createProposalRequestSchema } from '@portal/domain/contracts/proposals/create-proposal';
import { calculatePremium } from '@portal/domain/engine/calculate-premium';
import { toFieldErrors } from '@portal/domain/errors/field-errors';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { LOCAL_REF } from '../../../lib/offline/outbox';
import { toEngineRequest, toFormField, toProposalInput, type PersonForQuote, type QuoteFormValues } from './quote-form-values';

/** How long typing must pause before the browser engine runs (it takes well under a millisecond; this keeps the screen calm). */
export const QUOTE_DEBOUNCE_MS = 250;

/**
 * A contact made offline is named `local:<outbox id>` until it reaches the server, which then
 * receives its server id (lib/offline/outbox.ts). The shared rules check a server id's shape, so
 * for the check each such contact stands in as a UUID of its own (two different contacts stay
 * different, one chosen twice stays one); `people` keeps the real ids.
 */
function withStandIns<T extends Record<string, unknown>>(input: T): { checked: T; realId: (id: string) => string } {
  const standIns = new Map<string, string>();
  const checked = Object.fromEntries(
    Object.entries(input).map(([field, value]) => {
      if (typeof value !== 'string' || !value.startsWith(LOCAL_REF)) return [field, value];
      if (!standIns.has(value)) standIns.set(value, `00000000-0000-4000-8000-${String(standIns.size + 1).padStart(12, '0')}`);
      return [field, standIns.get(value)];
    }),
  ) as T;
  const real = new Map([...standIns].map(([local, uuid]) => [uuid, local]));
  return { checked, realId: (id) => real.get(id) ?? id };
}

export interface LiveQuote {
  quote: CalculatePremiumResponse | null;
  /** Form field -> error key, from the shared proposal rules and the engine. */
  errors: Record<string, string>;
  /** Typing, not yet recalculated. */
  pending: boolean;
}

/**
 * The quote as the user types: the same proposal rules and premium engine as the server
 * (packages/domain), run in the browser on the catalogue the server sent, after a short pause.
 * It is for instant feedback only; the server recalculates on save and its answer is the record.
 */
export function useLiveQuote(values: QuoteFormValues, people: Map<string, PersonForQuote>, catalogue: Catalogue | undefined): LiveQuote {
  const key = JSON.stringify(values);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), QUOTE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);

  const result = useMemo(() => {
    const current = JSON.parse(settled) as QuoteFormValues;
    const input = toProposalInput(current, catalogue);
    const errors: Record<string, string> = {};
    const { checked, realId } = withStandIns(input);
    const parsed = createProposalRequestSchema.safeParse(checked);
    if (!parsed.success) {
      for (const e of toFieldErrors(parsed.error)) errors[toFormField(e.field, input)] ??= e.key;
      return { quote: null, errors };
    }
    const insured = people.get(realId(parsed.data.lifeInsuredContactId));
    const owner = parsed.data.policyOwnerContactId ? people.get(realId(parsed.data.policyOwnerContactId)) : undefined;
    if (!insured || !catalogue || (parsed.data.policyOwnerContactId && !owner)) return { quote: null, errors };
    const engine = calculatePremium(toEngineRequest(parsed.data, insured, owner ?? null), catalogue, { today: todayInPhnomPenh() });
    if (!engine.ok) {
      for (const e of engine.errors) errors[toFormField(e.field, input)] ??= e.key;
      return { quote: null, errors };
    }
    if (!engine.value.premiumFirstYear[parsed.data.premiumMode]) errors.premiumMode = 'invalid';
    return { quote: engine.value, errors };
  }, [settled, people, catalogue]);

  return { ...result, pending: settled !== key };
}
