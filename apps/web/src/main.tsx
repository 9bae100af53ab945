import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/routes';
import './index.css';

preloadScreen(window.location.pathname);

// As a transition the first render yields to the browser every few milliseconds instead of holding the
// main thread until the whole tree is built; index.html's placeholder stays on screen meanwhile.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
