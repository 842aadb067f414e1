import { useSyncExternalStore } from 'react';

// Whether any code that can show a toast has been loaded. The Toaster (sonner, ~10 kB gzip)
// mounts only then, so the home page, which shows no toast, does not download it.

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
