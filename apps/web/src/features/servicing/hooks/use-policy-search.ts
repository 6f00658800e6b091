import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isPolicyStatus, type PolicyStatus } from '@portal/domain/codes/policy-codes';
import { SEARCH_DEBOUNCE_MS } from '@portal/domain/constants/ui';
import { isSearchable, normaliseSearchTerm } from '@portal/domain/rules/search';

export interface PolicySearchFilters {
  /** A term of at least SEARCH_MIN_LENGTH characters, or '' for none. */
  q: string;
  status: PolicyStatus | undefined;
}

const Q = 'q';
const STATUS = 'status';

/**
 * The policy search box and status filter. The term applies SEARCH_DEBOUNCE_MS after the last
 * keystroke (spec §9), at once on Enter or when cleared, and only from 3 characters; shorter
 * input shows a hint. Both live in the URL (`?q=&status=`), so the dashboard's status cards
 * link straight to a filtered list and coming back from a policy restores it.
 */
export function usePolicySearch() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get(Q) ?? '');
  const [applied, setApplied] = useState(() => normaliseSearchTerm(params.get(Q) ?? ''));

  useEffect(() => {
    const timer = setTimeout(() => setApplied(normaliseSearchTerm(text)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const q = isSearchable(applied) ? applied : '';
  const rawStatus = params.get(STATUS);
  const status = isPolicyStatus(rawStatus) ? rawStatus : undefined;

  const setParam = useCallback(
    (name: string, value: string | undefined) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  useEffect(() => {
    if ((params.get(Q) ?? '') !== q) setParam(Q, q || undefined);
  }, [q, params, setParam]);

  const typed = normaliseSearchTerm(text);
  return {
    text,
    setText,
    /** Enter: search now instead of waiting for the pause. */
    applyNow: () => setApplied(typed),
    clearText: () => {
      setText('');
      setApplied('');
    },
    /** 1 or 2 characters typed: too short to search. */
    tooShort: typed !== '' && !isSearchable(typed),
    /** Typed but not applied yet (the pause has not passed). */
    pending: typed !== applied && isSearchable(typed),
    filters: { q, status } satisfies PolicySearchFilters,
    setStatus: (value: PolicyStatus | undefined) => setParam(STATUS, value),
  };
}
