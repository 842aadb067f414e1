import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { preloadLanguage } from './i18n';
import { registerServiceWorkerAfterLoad } from './lib/register-sw';
import { Providers } from './providers';
import { router } from './router';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// In Bangla mode the first page's texts load first (a few kB), so it never flashes English.
// The first render as a transition: React renders it in slices of a few milliseconds, yielding to
// the browser between them, instead of one long task that blocks a phone's main thread.
void preloadLanguage(window.location.pathname).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  ),
);

// The offline page and push alerts (decision 033).
registerServiceWorkerAfterLoad();
