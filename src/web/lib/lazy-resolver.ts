import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * Runs `task` a moment after the page has loaded and painted: a download it starts must not compete
 * with what the first paint needs (a cheap phone on a slow network has little of both to spare).
 */
function afterLoadAndPaint(task: () => void, delayMs: number): () => void {
  let cancelled = false;
  let frame = 0;
  let timer = 0;
  const run = () => {
    frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => !cancelled && task(), delayMs);
    });
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/**
 * A react-hook-form resolver whose validation code is loaded on demand. Painting a form does not
 * need the schema library (zod is about 38 KB gzip), so a public form page shows without it.
 * `usePreload()` fetches it a second after the page has loaded and painted, `preload`
 * (on the form's first focus) at once; the first validation waits for it if it has not arrived yet. A
 * failed download is retried at the next validation.
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
  const usePreload = () => useEffect(() => afterLoadAndPaint(preload, 1000), []);
  return { resolver, preload, usePreload };
}
