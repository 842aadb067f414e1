import type { ReactNode } from 'react';
import type { DonationRequest } from '../../../shared/donation-requests/schemas';
import { lang, useMessages } from '../../i18n';
import { detailsText } from '../texts';
import { formatDate, formatTime } from './format';
import { type PlaceNames, useRequestPlaces } from './place-names';
import { StatusBadge, UrgencyBadge, useNeedText } from './status-badge';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** A titled card of label / value pairs (the details pages' Recipient, Hospital, ... sections). */
export function DetailSection({ title, items, id, children }: { title: string; items: DetailItem[]; id: string; children?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-5">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <dl className="grid grid-cols-[minmax(5.5rem,auto)_1fr] gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
        {items.map((item) => (
          <div key={item.label} className="contents">
            <dt className="pt-0.5 text-sm font-medium text-base-content/80">{item.label}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{item.value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}

/** A request's fields as both details pages show them, in the current language. */
function useFields() {
  const t = useMessages(detailsText);
  const code = useMessages(lang);
  const needText = useNeedText();
  return (r: DonationRequest, place: PlaceNames) =>
    ({
      recipientName: { label: t.name, value: r.recipientName },
      bloodGroup: { label: t.bloodGroup, value: r.bloodGroup },
      division: { label: t.division, value: place.division },
      district: { label: t.district, value: place.district },
      upazila: { label: t.upazila, value: place.upazila },
      date: { label: t.date, value: <time dateTime={r.donationDate}>{formatDate(r.donationDate, 'long', code)}</time> },
      time: { label: t.time, value: formatTime(r.donationTime, code) },
      status: { label: t.status, value: <StatusBadge status={r.donationStatus} expired={r.expired} /> },
      need: { label: t.need, value: needText(r) },
      urgency: { label: t.urgency, value: <UrgencyBadge urgency={r.urgency} /> },
      message: { label: t.message, value: <span className="whitespace-pre-line">{r.requestMessage}</span> },
      requestedBy: { label: t.requestedBy, value: `${r.requesterName} (${r.requesterEmail})` },
    }) satisfies Record<string, DetailItem>;
}
type Field = keyof ReturnType<ReturnType<typeof useFields>>;

interface RequestSectionsProps {
  request: DonationRequest;
  /** The Recipient card's fields, in order. */
  recipient: Field[];
  /** The donation card's title and fields, in order. */
  donation: { title: string; fields: Field[] };
  className: string;
  /** The page's own cards after these (requester, donor). */
  children?: ReactNode;
}

/** The Recipient, Hospital and donation cards of the public and the dashboard details pages. */
export function RequestSections({ request: r, recipient, donation, className, children }: RequestSectionsProps) {
  const t = useMessages(detailsText);
  const fieldsOf = useFields();
  const placeOf = useRequestPlaces([r]);
  const all = fieldsOf(r, placeOf(r));
  const items = (fields: Field[]) => fields.map((field) => all[field]);
  return (
    <div className={className}>
      <DetailSection id="recipient" title={t.recipient} items={items(recipient)} />
      <DetailSection
        id="hospital"
        title={t.hospital}
        items={[
          { label: t.name, value: r.hospitalName },
          { label: t.address, value: r.fullAddress },
        ]}
      />
      <DetailSection id="donation" title={donation.title} items={items(donation.fields)} />
      {children}
    </div>
  );
}
