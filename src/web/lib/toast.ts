import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { requestToaster } from './toaster-state';

// Import `toast` from here, not from 'sonner'. sonner (~10 kB gzip) is fetched at the first toast,
// not with the pages that may show one: that first toast mounts the app's Toaster (see
// providers.tsx) and is shown once sonner has arrived (sonner replays active toasts to a Toaster
// when it subscribes).

let sonner: Promise<{ toast: typeof sonnerToast }> | null = null;

function show(kind: 'success' | 'error') {
  return (message: string, options?: ExternalToast): void => {
    requestToaster();
    sonner ??= import('sonner');
    sonner.then(({ toast }) => toast[kind](message, options)).catch(() => {
      // sonner could not be fetched (offline): try again at the next toast.
      sonner = null;
    });
  };
}

export const toast = { success: show('success'), error: show('error') };
