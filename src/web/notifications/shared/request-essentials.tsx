import { COMPONENT_LABELS } from '../../../shared/donation-request-rules';
import type { Notification } from '../../../shared/notifications';
import { formatRequestDate, RequestBadges } from '../../donation-requests';

/** What an alert shows of its request: group, component, units, hospital, district, day and time, urgency and status. */
export type RequestEssentialsOf = Omit<NonNullable<Notification['request']>, '_id'> & { expired?: boolean };

export const unitsText = (units: number) => `${units} ${units === 1 ? 'unit' : 'units'}`;

/** One request's essentials, as the notifications list and the respond page show them. */
export function RequestEssentials({ request: r }: { request: RequestEssentialsOf }) {
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-lg font-bold text-primary" aria-label={`Blood group ${r.bloodGroup}`}>
          {r.bloodGroup}
        </span>
        <span>
          {COMPONENT_LABELS[r.component]} · {unitsText(r.unitsNeeded)}
        </span>
        <RequestBadges request={r} className="inline-flex flex-wrap gap-1.5" />
      </p>
      <p className="text-sm text-base-content/80">
        {r.hospitalName}, {r.recipientDistrict} · <time dateTime={r.donationDate}>{formatRequestDate(r.donationDate)}</time> at {r.donationTime}
      </p>
    </div>
  );
}
