import { type ComponentType, type LazyExoticComponent, createElement, lazy } from 'react';

export interface LazyPage {
  /** Starts fetching the page's chunk now (before it renders); later calls reuse the same download. */
  preload: () => Promise<unknown>;
  /** The page's component once its chunk has arrived. */
  loaded: () => ComponentType | undefined;
  /** The page through React.lazy, for a first visit whose chunk is still on its way. */
  lazy: LazyExoticComponent<ComponentType>;
}

/**
 * A route's page, loaded on first visit: `lazyPage(() => import('../pages/x/x-page'), 'XPage')`.
 * Each page module (and whatever only it imports) becomes its own chunk, so the first chunk holds only
 * the shell: React, the router, the query client and the layout.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage {
  let component: ComponentType | undefined;
  let pending: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      component = module[name];
      return { default: component };
    }));
  return { preload, loaded: () => component, lazy: lazy(preload) };
}

/**
 * Renders a lazyPage. A page whose chunk has already arrived (preloaded while the session was checked,
 * or visited before) renders at once: React.lazy alone would still show the route's fallback for a
 * frame on its first render, and the screen would change shape twice.
 */
export function RoutePage({ page }: { page: LazyPage }) {
  return createElement(page.loaded() ?? page.lazy);
}
