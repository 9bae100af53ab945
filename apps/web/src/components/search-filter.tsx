import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_PARAM } from '../lib/name-search';
import { Button } from './button';

/** The page's `?search=` (trimmed, '' when absent) and a way to drop it from the address. */
export function useSearchParam(): { search: string; clear: () => void } {
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM)?.trim() ?? '';
  function clear() {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SEARCH_PARAM);
        return next;
      },
      { replace: true },
    );
  }
  return { search, clear };
}

interface SearchFilterBarProps {
  search: string;
  shown: number;
  total: number;
  /** What is listed, singular and plural: ['requirement', 'requirements']. */
  noun: readonly [string, string];
  onClear: () => void;
}

/** A list narrowed by a search from a link: what it was narrowed to, and a button to show the whole list again. */
export function SearchFilterBar({ search, shown, total, noun, onClear }: SearchFilterBarProps) {
  const bar = useRef<HTMLDivElement>(null);

  // Opened from a link, the narrowed list is what the person came for: bring it up when it starts low
  // on the screen (below an upload form, say). The margin keeps it clear of the sticky top bar.
  useEffect(() => {
    const element = bar.current;
    if (element && element.getBoundingClientRect().top > window.innerHeight * 0.4) element.scrollIntoView({ block: 'start' });
  }, [search]);

  return (
    <div
      ref={bar}
      data-testid="search-filter"
      className="scroll-mt-32 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-2.5 text-sm text-indigo-900"
    >
      <p role="status" className="min-w-0 break-words">
        Filtered by <span className="font-semibold">“{search}”</span>: showing {shown} of {total} {total === 1 ? noun[0] : noun[1]}
      </p>
      <Button variant="secondary" size="sm" onClick={onClear}>
        Clear filter
      </Button>
    </div>
  );
}
