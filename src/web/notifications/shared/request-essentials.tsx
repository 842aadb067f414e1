import type { Notification } from '../../../shared/notifications/schemas';
import { formatRequestDate, formatRequestTime, RequestBadges } from '../../donation-requests';
import { componentText } from '../../donation-requests/texts';
import { lang, useMessages } from '../../i18n';
import { requestEssentialsText } from '../texts';

/** What an alert shows of its request: group, component, units, hospital, district, day and time, urgency and status. */
export type RequestEssentialsOf = Omit<NonNullable<Notification['request']>, '_id'> & { expired?: boolean };

/** One request's essentials, as the notifications list and the respond page show them; `district` in the current language. */
export function RequestEssentials({ request: r, district = r.recipientDistrict }: { request: RequestEssentialsOf; district?: string }) {
  const t = useMessages(requestEssentialsText);
  const components = useMessages(componentText);
  const code = useMessages(lang);
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-lg font-bold text-primary" aria-label={t.bloodGroup({ group: r.bloodGroup })}>
          {r.bloodGroup}
        </span>
        <span>
          {components[r.component]} · {t.units(r.unitsNeeded)}
        </span>
        <RequestBadges request={r} className="inline-flex flex-wrap gap-1.5" />
      </p>
      <p className="text-sm text-base-content/80">
        <span data-user-content>{r.hospitalName}</span>, {district} · <time dateTime={r.donationDate}>{formatRequestDate(r.donationDate, 'long', code)}</time>
        {t.atTime({ time: formatRequestTime(r.donationTime, code) })}
      </p>
    </div>
  );
}
