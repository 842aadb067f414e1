import { toast } from 'sonner';
import { requestToaster } from './toaster-state';

// Import `toast` from here, not from 'sonner': loading this module is what mounts the app's
// Toaster (see providers.tsx). A toast fired before the Toaster has mounted is not lost:
// sonner replays active toasts to a Toaster when it subscribes.
requestToaster();

export { toast };
