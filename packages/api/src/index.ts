/**
 * The API's types for its clients. The web app imports the router type from here, never from the
 * server app: this entry is type-only (erased from every bundle), so no server code can reach the browser.
 */
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@compliance/server/routers/app-router';

export type { AppRouter };
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
