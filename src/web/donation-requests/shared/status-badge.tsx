import { type DonationStatus, STATUS_LABELS } from '../../../shared/donation-request-rules';

// Each donation status in its own colour (spec section 4). daisyUI's status colours come with a
// matching "-content" text colour chosen for contrast, in the light and the dark theme alike; the
// label is always written out, so the colour is never the only cue.
const STYLES: Record<DonationStatus, string> = {
  pending: 'badge-warning',
  inprogress: 'badge-info',
  done: 'badge-success',
  canceled: 'badge-error',
};

export function StatusBadge({ status, className = '' }: { status: DonationStatus; className?: string }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap font-medium ${STYLES[status]} ${className}`} data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}
