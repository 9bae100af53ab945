import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts fetching the page's chunk now (before it renders); later calls reuse the same download. */
  preload: () => Promise<unknown>;
};

/**
 * A route's page, loaded on first visit: `lazyPage(() => import('../pages/x/x-page'), 'XPage')`.
 * Each page module (and whatever only it imports) becomes its own chunk, so the first chunk holds only
 * the shell: React, the router, the query client and the layout.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const once = () => (pending ??= load().then((module) => ({ default: module[name] })));
  return Object.assign(lazy(once), { preload: once });
}
