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

/** After the first commit, once the browser has painted it (the frame, then a task after it). */
function useAfterFirstPaint(done: () => void) {
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(done));
    return () => cancelAnimationFrame(frame);
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
