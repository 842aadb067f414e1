import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { prefetchSession } from './lib/auth';
import { Providers } from './providers';
import { router } from './router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The session check need not wait for the page's code.
prefetchSession();

/**
 * index.html shows a static shell (the navbar's bar and a spinner) until the router has loaded the
 * page it opens; rendering before that would only swap the shell for the router's own spinner.
 */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

void routerReady().then(() =>
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
