import { useCallback, useEffect, useState } from 'react';
import { useNavigation, useSearchParams } from 'react-router';
import type { ContactType, Gender } from '@portal/domain/codes/client';
import { SEARCH_DEBOUNCE_MS } from '@portal/domain/constants/ui';
import { isSearchable, normaliseSearchTerm } from '@portal/domain/rules/search';
import { LIST_PARAMS, listChoicesOf } from './contact-list-params';

export interface ContactListFilters {
  /** A search term of at least SEARCH_MIN_LENGTH characters, or '' for none. */
  q: string;
  contactType: ContactType | undefined;
  gender: Gender | undefined;
}

const { q: Q, type: TYPE, gender: GENDER } = LIST_PARAMS;

/**
 * The contact list's search box and filters. The term is applied 1000 ms after the last
 * keystroke (spec §9), at once on Enter or when cleared, and only from 3 characters; shorter
 * input leaves the list as it is and shows a hint. The applied term and the filters live in the
 * URL (`?q=&type=&gender=`), so coming back from a contact restores the list.
 */
export function useContactSearch() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get(Q) ?? '');
  const [applied, setApplied] = useState(() => normaliseSearchTerm(params.get(Q) ?? ''));

  useEffect(() => {
    const timer = setTimeout(() => setApplied(normaliseSearchTerm(text)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const q = isSearchable(applied) ? applied : '';
  const { contactType, gender } = listChoicesOf(params);

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

  // Not while another screen opens (a row tapped during the pause): a search-only navigation
  // then would land on that screen's path.
  const idle = useNavigation().state === 'idle';
  useEffect(() => {
    if (idle && (params.get(Q) ?? '') !== q) setParam(Q, q || undefined);
  }, [idle, q, params, setParam]);

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
    filters: { q, contactType, gender } satisfies ContactListFilters,
    setContactType: (value: ContactType | undefined) => setParam(TYPE, value),
    setGender: (value: Gender | undefined) => setParam(GENDER, value),
    clearAll: () => {
      setText('');
      setApplied('');
      setParams(new URLSearchParams(), { replace: true });
    },
  };
}
