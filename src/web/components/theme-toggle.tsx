import { useMessages } from '../i18n';
import { toggleTheme, useTheme } from '../lib/theme';
import { MoonIcon, SunIcon } from './icons';
import { navText } from './texts';

interface ThemeToggleProps {
  className?: string;
}

/**
 * The light/dark switch (spec section 1). It is a real switch for assistive technology:
 * name "Dark mode", checked when the dark theme is on. The icon shows the current theme.
 */
export function ThemeToggle({ className = '' }: ThemeToggleProps) {
  const dark = useTheme() === 'dark';
  const t = useMessages(navText);
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      aria-label={t.themeToggle}
      title={dark ? t.toLight : t.toDark}
      onClick={toggleTheme}
      // daisyUI paints a checked button as active; the icon already shows the state.
      className={`btn btn-ghost btn-circle aria-checked:not-hover:border-transparent aria-checked:not-hover:bg-transparent ${className}`}
    >
      {dark ? <MoonIcon /> : <SunIcon />}
    </button>
  );
}
