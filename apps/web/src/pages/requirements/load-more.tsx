import { useEffect, useRef } from 'react';
import { Button } from '../../components/button';

interface LoadMoreProps {
  /** Rows loaded so far and in the whole list. */
  loaded: number;
  total: number;
  loading: boolean;
  onLoadMore: () => void;
}

/** How far ahead of the screen's bottom the next page starts loading, so scrolling rarely waits. */
const AHEAD = '800px 0px';

/**
 * The end of a list that is loaded a page at a time: the next page loads when this comes near the
 * screen (an IntersectionObserver), or with the button (keyboard, or a browser without the observer).
 */
export function LoadMore({ loaded, total, loading, onLoadMore }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  load.current = onLoadMore;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load.current();
    }, { rootMargin: AHEAD });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loading]);

  return (
    <div ref={sentinel} data-testid="load-more" className="flex flex-wrap items-center justify-center gap-3 py-4 text-sm text-slate-600">
      <span role="status">{loading ? 'Loading more requirements...' : `Showing ${loaded} of ${total} requirements`}</span>
      <Button variant="secondary" size="sm" onClick={onLoadMore} disabled={loading}>
        Load more
      </Button>
    </div>
  );
}
