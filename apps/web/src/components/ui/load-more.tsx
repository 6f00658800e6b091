import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { Center, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BusyButton } from './busy-button';

interface LoadMoreProps {
  /** Another page can be asked for. */
  hasNextPage: boolean;
  /** A page is on its way: the button says so and ignores presses. */
  loading: boolean;
  onLoadMore: () => void;
  /** The button's words (each list names what it loads). */
  label: string;
  'data-testid'?: string;
  /** Test id of the end-of-list note. */
  endTestId?: string;
}

/**
 * The end of a paged list (with `useLoadMore` for scrolling): a "load more" button while there
 * are pages left, then a note that the list has ended. Built for keyboards and screen readers:
 * - the button stays focusable while its page loads (a `BusyButton`: presses ignored);
 * - when the last page arrives while the button has the focus (the button goes away), the focus
 *   moves to the end note, which says why.
 * Render it after the rows, only when there are rows.
 */
export function LoadMore({ hasNextPage, loading, onLoadMore, label, 'data-testid': testId, endTestId }: LoadMoreProps) {
  const { t } = useTranslation(['common']);
  const endRef = useRef<HTMLParagraphElement>(null);
  const focusEnd = useRef(false);

  useEffect(() => {
    if (hasNextPage || !focusEnd.current) return;
    focusEnd.current = false;
    endRef.current?.focus();
  }, [hasNextPage]);

  if (!hasNextPage) {
    return (
      <Text ref={endRef} tabIndex={-1} size="sm" c="dimmed" ta="center" data-testid={endTestId}>
        {t('common:list_end')}
      </Text>
    );
  }
  return (
    <Center>
      <LoadMoreButton loading={loading} onLoadMore={onLoadMore} label={label} testId={testId} focusEnd={focusEnd} />
    </Center>
  );
}

interface LoadMoreButtonProps {
  loading: boolean;
  onLoadMore: () => void;
  label: string;
  testId: string | undefined;
  /** Set when the button goes away holding the focus. */
  focusEnd: RefObject<boolean>;
}

function LoadMoreButton({ loading, onLoadMore, label, testId, focusEnd }: LoadMoreButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  // A layout effect's clean-up runs before the button leaves the page: it can still see the focus.
  useLayoutEffect(() => {
    const button = ref.current;
    return () => {
      if (button !== null && button === document.activeElement) focusEnd.current = true;
    };
  }, [focusEnd]);

  return (
    <BusyButton ref={ref} variant="default" busy={loading} onClick={onLoadMore} data-testid={testId}>
      {label}
    </BusyButton>
  );
}
