import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

/** Runs `task` at the visitor's first tap, click, key or focus anywhere on the page. */
function onFirstInteraction(task: () => void): () => void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  const run = () => {
    stop();
    task();
  };
  const stop = () => events.forEach((e) => window.removeEventListener(e, run, true));
  events.forEach((e) => window.addEventListener(e, run, { capture: true, passive: true }));
  return stop;
}

/**
 * A react-hook-form resolver whose validation code is loaded on demand. Painting a form does not
 * need the schema library (zod is about 38 KB gzip, and compiling it is a long task on a cheap
 * phone), so a public form page shows and becomes responsive without it. `usePreload()` fetches it
 * at the visitor's first interaction with the page (a tap, a key, a focus: before any field can
 * be left, which is when validation first runs); the first validation waits for it if it has not
 * arrived yet. A failed download is retried at the next validation.
 */
export function lazyResolver<TIn extends FieldValues, TOut>(load: () => Promise<Resolver<TIn, unknown, TOut>>) {
  let pending: Promise<Resolver<TIn, unknown, TOut>> | null = null;
  const get = () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
  const preload = () => {
    get().catch(() => {});
  };
  const resolver: Resolver<TIn, unknown, TOut> = async (values, context, options) => (await get())(values, context, options);
  const usePreload = () => useEffect(() => onFirstInteraction(preload), []);
  return { resolver, usePreload };
}
