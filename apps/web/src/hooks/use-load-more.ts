import { useEffect, useRef, useState } from 'react';
import { INFINITE_SCROLL_THRESHOLD_PX } from '@portal/domain/constants/ui';

interface LoadMoreOptions {
  /** There is a next page and the last attempt did not fail (a failure waits for the button). */
  canLoad: boolean;
  /** A page is on its way. */
  loading: boolean;
  onLoadMore: () => void;
  /** Load when the sentinel comes this close to the bottom of the screen (spec §9: 100 px). */
  threshold?: number;
}

/**
 * Infinite scroll: returns a ref for an element placed after the last row. When it comes within
 * `threshold` px of the bottom of the screen the next page is asked for, once at a time.
 *
 * The observer only says when the sentinel crosses the line; after a page arrives its last
 * answer may be stale (the new rows have not been measured yet), so the position is read again
 * before asking for another page. A short first page that leaves the sentinel on screen keeps
 * loading until the screen is full or the list ends.
 */
export function useLoadMore({ canLoad, loading, onLoadMore, threshold = INFINITE_SCROLL_THRESHOLD_PX }: LoadMoreOptions) {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [near, setNear] = useState(false);
  const onLoadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    if (!node || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((entry) => entry.isIntersecting)), {
      rootMargin: `0px 0px ${threshold}px 0px`,
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, threshold]);

  useEffect(() => {
    if (!near || !canLoad || loading || !node) return;
    if (node.getBoundingClientRect().top - window.innerHeight > threshold) return;
    onLoadMoreRef.current();
  }, [near, canLoad, loading, node, threshold]);

  return setNode;
}
