import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode, useEffect } from 'react';
import { firstPaintDone } from './i18n/lang';
import { AuthProvider, useAuth } from './lib/auth';
import { createQueryClient } from './lib/query-client';
import { useTheme } from './lib/theme';
import { useToasterRequested } from './lib/toaster-state';

const queryClient = createQueryClient();

// sonner is ~10 kB gzip that no page needs to show itself. Its Toaster is loaded at the first
// toast (src/web/lib/toast.ts).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** The one toast outlet of the app; it follows the light/dark theme. */
function AppToaster() {
  const theme = useTheme();
  if (!useToasterRequested()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} position="top-center" richColors closeButton />
    </Suspense>
  );
}

// Signed-in users only: the account follows the language switch (a visitor's first page does not load it).
const AccountLanguage = lazy(() => import('./i18n/account-language').then((m) => ({ default: m.AccountLanguage })));

function SignedInExtras() {
  const { user } = useAuth();
  return user ? (
    <Suspense fallback={null}>
      <AccountLanguage />
    </Suspense>
  ) : null;
}

/**
 * Once the browser has painted the first text: the 'first-contentful-paint' entry. The first
 * commit alone is not enough, since it may be a lazy route's empty fallback, and on a busy phone
 * the paint comes well after the commit; it gives up waiting after 5 s (a tab opened in the
 * background paints nothing until it is shown). Where paint timing is missing, the frame after the
 * first commit and a task after it.
 */
function useAfterFirstPaint(done: () => void) {
  useEffect(() => {
    let called = false;
    const once = () => {
      if (called) return;
      called = true;
      done();
    };
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      const frame = requestAnimationFrame(() => setTimeout(once));
      return () => cancelAnimationFrame(frame);
    }
    const timer = setTimeout(once, 5_000);
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(once);
    });
    observer.observe({ type: 'paint', buffered: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [done]);
}

export function Providers({ children }: { children: ReactNode }) {
  useAfterFirstPaint(firstPaintDone);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <SignedInExtras />
      </AuthProvider>
      <AppToaster />
    </QueryClientProvider>
  );
}
