import {
  COMPONENT_LABELS,
  DONATION_MESSAGES,
  type DonationStatus,
  STATUS_LABELS,
  type Urgency,
  URGENCY_LABELS,
} from '../../../shared/donation-request-rules';
import type { PublicDonationRequest } from '../../../shared/donation-requests';

// Each donation status in its own colour (spec section 4). daisyUI's status colours come with a
// matching "-content" text colour chosen for contrast, in the light and the dark theme alike; the
// label is always written out, so the colour is never the only cue.
const STYLES: Record<DonationStatus, string> = {
  pending: 'badge-warning',
  inprogress: 'badge-info',
  done: 'badge-success',
  canceled: 'badge-error',
};

/** The status; a pending request whose time has passed shows "Expired" (its owner can edit the date). */
export function StatusBadge({ status, expired = false, className = '' }: { status: DonationStatus; expired?: boolean; className?: string }) {
  if (expired) {
    return (
      <span className={`badge badge-sm badge-neutral whitespace-nowrap font-medium ${className}`} data-status="expired">
        {DONATION_MESSAGES.expiredLabel}
      </span>
    );
  }
  return (
    <span className={`badge badge-sm whitespace-nowrap font-medium ${STYLES[status]} ${className}`} data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}

const URGENCY_STYLES: Record<Urgency, string> = {
  normal: 'badge-ghost',
  urgent: 'badge-warning badge-outline',
  critical: 'badge-error',
};

export function UrgencyBadge({ urgency }: { urgency: Urgency }) {
  return (
    <span className={`badge badge-sm whitespace-nowrap font-medium ${URGENCY_STYLES[urgency]}`} data-urgency={urgency}>
      {URGENCY_LABELS[urgency]}
    </span>
  );
}

type Need = Pick<PublicDonationRequest, 'component' | 'unitsNeeded' | 'pledgeCount' | 'donationStatus'>;

/** "Platelets · 2 units", and while pending with more than one unit, "1 of 2 pledged". */
export function needText(r: Need): string {
  const units = `${r.unitsNeeded} ${r.unitsNeeded === 1 ? 'unit' : 'units'}`;
  const pledges = r.donationStatus === 'pending' && r.unitsNeeded > 1 ? ` · ${DONATION_MESSAGES.pledged(r.pledgeCount, r.unitsNeeded)}` : '';
  return `${COMPONENT_LABELS[r.component]} · ${units}${pledges}`;
}

/** A request's urgency and status side by side (the status reads "Expired" when it is). */
export function RequestBadges({
  request: r,
  className = 'flex flex-wrap gap-1.5',
}: {
  request: Pick<PublicDonationRequest, 'urgency' | 'donationStatus'> & { expired?: boolean };
  className?: string;
}) {
  return (
    <span className={className}>
      <UrgencyBadge urgency={r.urgency} />
      <StatusBadge status={r.donationStatus} expired={r.expired} />
    </span>
  );
}
