import { createTRPCReact } from '@trpc/react-query';
import { httpBatchLink } from '@trpc/client';
import type { AppRouter } from '@compliance/server/routers/app-router';

export const trpc = createTRPCReact<AppRouter>();

/** The CSRF token the server set at login; echoed on every call so state-changing calls are accepted. */
export function readCsrfToken(): string | undefined {
  const match = document.cookie.match(/(?:^|; )csrf_token=([^;]+)/);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

export function createTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        headers() {
          const csrf = readCsrfToken();
          return csrf ? { 'x-csrf-token': csrf } : {};
        },
        fetch(url, options) {
          return fetch(url, { ...options, credentials: 'same-origin' });
        },
      }),
    ],
  });
}
