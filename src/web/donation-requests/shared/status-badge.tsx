import type { DonationStatus, Urgency } from '../../../shared/donation-requests/model';
import type { PublicDonationRequest } from '../../../shared/donation-requests/schemas';
import { useMessages } from '../../i18n';
import { componentText, requestsCommonText, statusText, urgencyText } from '../texts';

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
  const t = useMessages(statusText);
  if (expired) {
    return (
      <span className={`badge badge-sm badge-neutral h-auto min-h-5 whitespace-nowrap font-medium ${className}`} data-status="expired">
        {t.expired}
      </span>
    );
  }
  return (
    <span className={`badge badge-sm h-auto min-h-5 whitespace-nowrap font-medium ${STYLES[status]} ${className}`} data-status={status}>
      {t[status]}
    </span>
  );
}

const URGENCY_STYLES: Record<Urgency, string> = {
  normal: 'badge-ghost',
  // Outlined in the warning colour with the text in the base colour: warning-coloured text on the
  // base is below AA contrast in the light theme.
  urgent: 'badge-outline border-warning text-base-content',
  critical: 'badge-error',
};

export function UrgencyBadge({ urgency }: { urgency: Urgency }) {
  const t = useMessages(urgencyText);
  return (
    <span className={`badge badge-sm h-auto min-h-5 whitespace-nowrap font-medium ${URGENCY_STYLES[urgency]}`} data-urgency={urgency}>
      {t[urgency]}
    </span>
  );
}

type Need = Pick<PublicDonationRequest, 'component' | 'unitsNeeded' | 'pledgeCount' | 'donationStatus'>;

/** "Platelets · 2 units", and while pending with more than one unit, "1 of 2 pledged"; in the current language. */
export function useNeedText(): (r: Need) => string {
  const t = useMessages(requestsCommonText);
  const component = useMessages(componentText);
  return (r) => {
    const pledges = r.donationStatus === 'pending' && r.unitsNeeded > 1 ? ` · ${t.pledged({ count: r.pledgeCount, units: r.unitsNeeded })}` : '';
    return `${component[r.component]} · ${t.units(r.unitsNeeded)}${pledges}`;
  };
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
