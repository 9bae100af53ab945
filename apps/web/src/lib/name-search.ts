/** The `?search=` of a page opened from a link (an assistant answer's, for one): trimmed, '' when absent. */
export const SEARCH_PARAM = 'search';

const fold = (text: string) => text.trim().toLowerCase();

/**
 * The items a name search shows: those with a name equal to the search (ignoring case and the
 * surrounding spaces) when there are any, so a linked document is shown alone; else those with a
 * name containing it. An empty search shows everything.
 */
export function matchByName<T>(items: readonly T[], search: string, names: (item: T) => readonly (string | null | undefined)[]): T[] {
  const wanted = fold(search);
  if (!wanted) return [...items];
  const folded = items.map((item) => names(item).filter((name): name is string => !!name).map(fold));
  const exact = items.filter((_, index) => folded[index]!.includes(wanted));
  if (exact.length > 0) return exact;
  return items.filter((_, index) => folded[index]!.some((name) => name.includes(wanted)));
}
