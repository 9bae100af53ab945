import { createTRPCReact } from '@trpc/react-query';
import { httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { TRPC_MAX_BATCH } from '@compliance/contracts/constants';
import type { AppRouter } from '@compliance/api';

export const trpc = createTRPCReact<AppRouter>();

/** The CSRF token the server set at login; echoed on every call so state-changing calls are accepted. */
export function readCsrfToken(): string | undefined {
  const match = document.cookie.match(/(?:^|; )csrf_token=([^;]+)/);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;

/** Subscriptions (live job progress) go over server-sent events; everything else over batched HTTP. */
export function createTrpcClient() {
  return trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({ url: '/trpc' }),
        false: httpBatchLink({
          url: '/trpc',
          maxItems: TRPC_MAX_BATCH,
          headers() {
            const csrf = readCsrfToken();
            return csrf ? { 'x-csrf-token': csrf } : {};
          },
          fetch(url, options) {
            return fetch(url, { ...options, credentials: 'same-origin' });
          },
        }),
      }),
    ],
  });
}
