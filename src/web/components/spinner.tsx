import { useMessages } from '../i18n';
import { commonText } from './texts';
interface SpinnerProps {
  /** Read by screen readers; the spinner itself is decorative. */
  label?: string;
  /** Fill the viewport, for the first load and for guards waiting on the session. */
  fullScreen?: boolean;
}

export function Spinner({ label, fullScreen = false }: SpinnerProps) {
  const t = useMessages(commonText);
  return (
    <div role="status" className={`flex items-center justify-center p-8 ${fullScreen ? 'min-h-dvh' : ''}`}>
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label ?? t.loading}</span>
    </div>
  );
}
