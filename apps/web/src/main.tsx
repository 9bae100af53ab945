import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { needsSession, preloadScreen } from './app/routes';
import { startSessionRead } from './auth/start-up-reads';
import { createTrpcClient } from './lib/trpc';
import './index.css';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
const { pathname } = window.location;
if (needsSession(pathname)) startSessionRead(queryClient, trpcClient);

// As a transition the first render yields to the browser every few milliseconds instead of holding the
// main thread until the whole tree is built; index.html's placeholder stays on screen meanwhile.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App queryClient={queryClient} trpcClient={trpcClient} />
    </StrictMode>,
  );
});

// Asking for the screen's code adds a link per chunk to the document: a task of its own, not more of the
// long one that evaluates the app's code.
setTimeout(() => preloadScreen(pathname));
