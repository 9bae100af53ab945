import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { type TrpcClient, trpc } from '../lib/trpc';
import { AppRoutes } from './routes';

/** The app around its two clients, which main.tsx makes before the first render so it can start reads early. */
export function App({ queryClient, trpcClient }: { queryClient: QueryClient; trpcClient: TrpcClient }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
