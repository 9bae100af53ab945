import { type ReactNode, Suspense, useEffect } from 'react';
import { PageSkeleton } from '../components/page-skeleton';

export const PRODUCT_NAME = 'Compliance Platform';

/** Sets the browser tab's title for the screen on show ("My Dashboard · Compliance Platform"). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}

/**
 * One route's element: its document title and the wait while its lazily loaded page arrives. Every
 * route in routes.tsx wraps its page in one, so a new screen is a `lazyPage` line and a `<Route>` line.
 */
export function Screen({ title, fallback, children }: { title: string; fallback?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return <Suspense fallback={fallback ?? <PageSkeleton label={`Loading ${title}...`} />}>{children}</Suspense>;
}
