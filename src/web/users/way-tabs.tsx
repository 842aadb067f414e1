import { useMessages } from '../i18n';
import { loginText } from './auth-texts';

export type Way = 'email' | 'phone';

/** Login's and Register's two ways in (issue 32): with email, or with a phone. Panels are `${idPrefix}-panel-${way}`. */
export function WayTabs({ idPrefix, label, way, onChange, className = '' }: { idPrefix: string; label: string; way: Way; onChange: (way: Way) => void; className?: string }) {
  const t = useMessages(loginText);
  return (
    <div role="tablist" aria-label={label} className={`tabs tabs-box grid grid-cols-2 ${className}`}>
      {(['email', 'phone'] as const).map((w) => (
        <button
          key={w}
          id={`${idPrefix}-tab-${w}`}
          type="button"
          role="tab"
          aria-selected={way === w}
          aria-controls={`${idPrefix}-panel-${w}`}
          className={`tab font-medium ${way === w ? 'tab-active' : 'text-base-content'}`}
          onClick={() => onChange(w)}
        >
          {w === 'email' ? t.withEmail : t.withPhone}
        </button>
      ))}
    </div>
  );
}
