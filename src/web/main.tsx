import { StrictMode } from 'react';
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
void preloadLanguage(window.location.pathname).then(() =>
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);

// The offline page and push alerts (decision 033).
registerServiceWorkerAfterLoad();
