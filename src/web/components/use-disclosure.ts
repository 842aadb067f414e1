import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Open/close state for a menu button: closes on Escape (returning focus to the button), on a
 * click or focus outside the container. Menus also call `close` when one of their links is used.
 */
export function useDisclosure<C extends HTMLElement, B extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<C>(null);
  const buttonRef = useRef<B>(null);

  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((value) => !value), []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: Event) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return { open, toggle, close, containerRef, buttonRef };
}
