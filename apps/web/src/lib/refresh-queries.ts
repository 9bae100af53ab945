import type { QueryClient } from '@tanstack/react-query';

/**
 * Reloads the queries of the given procedure groups after a change. In-flight fetches are cancelled
 * first: a fetch that started before the change would otherwise be reused by the invalidation (React
 * Query does not restart a first load that is still running) and show the old list.
 */
export async function refreshQueries(client: QueryClient, ...groups: string[]): Promise<void> {
  await Promise.all(groups.map((group) => client.cancelQueries({ queryKey: [[group]] })));
  await Promise.all(groups.map((group) => client.invalidateQueries({ queryKey: [[group]] })));
}
