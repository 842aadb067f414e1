import type { ReactNode } from 'react';
import { useMessages } from '../../i18n';
import { useMessageText } from '../../i18n/messages';
import { requestsCommonText } from '../texts';
import { errorMessage } from './use-request-actions';

// daisyUI's soft alerts write status-coloured text on a tint, which is below AA contrast in the
// light theme. These keep the text in the base colour and put the status colour in a side bar.
const TONES = { info: 'border-l-info', warning: 'border-l-warning', error: 'border-l-error' } as const;

/** A message with an optional action: role "note" for context, "alert" for a problem. */
export function Notice({ tone, role = 'note', action, children }: { tone: keyof typeof TONES; role?: 'note' | 'alert'; action?: ReactNode; children: ReactNode }) {
  return (
    // A phone puts the action under the text (issue 38); wider screens beside it.
    <div role={role} className={`flex flex-col items-start gap-3 rounded-box border border-l-4 border-base-300 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between ${TONES[tone]} bg-base-100 p-4`}>
      <div className="min-w-0 flex-1">{children}</div>
      {action}
    </div>
  );
}

/** Error text under a field: the theme's error colour pulled towards the text colour, for AA contrast in both themes. */
export const ERROR_TEXT = 'text-[color-mix(in_oklab,var(--color-error)_60%,var(--color-base-content))]';

/** A failed load, with its reason and a way to try again. `what` is in the current language ("the requests" by default). */
export function QueryError({ error, onRetry, what }: { error: unknown; onRetry: () => void; what?: string }) {
  const t = useMessages(requestsCommonText);
  const message = useMessageText();
  return (
    <Notice
      tone="error"
      role="alert"
      action={
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          {t.tryAgain}
        </button>
      }
    >
      {t.couldNotLoad({ what: what ?? t.theRequests, reason: message(errorMessage(error)) ?? '' })}
    </Notice>
  );
}

/** An empty list: says why, and what to do next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-10 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {children && <div className="mt-2 text-base-content/80">{children}</div>}
    </div>
  );
}
