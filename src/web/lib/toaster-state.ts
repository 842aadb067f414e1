import { useSyncExternalStore } from 'react';

// Whether a toast has been asked for. The Toaster (sonner, ~10 kB gzip) mounts only then, so a
// page downloads it only when it has something to say.

let requested = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasterRequested(): boolean {
  return useSyncExternalStore(subscribe, () => requested, () => false);
}
