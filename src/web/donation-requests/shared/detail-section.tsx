import type { ReactNode } from 'react';
import type { DonationRequest } from '../../../shared/donation-requests';
import { formatDate } from './format';
import { needText, StatusBadge, UrgencyBadge } from './status-badge';

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

/** A request's fields as both details pages show them. */
const FIELDS = {
  recipientName: (r) => ({ label: 'Name', value: r.recipientName }),
  bloodGroup: (r) => ({ label: 'Blood group', value: r.bloodGroup }),
  division: (r) => ({ label: 'Division', value: r.recipientDivision }),
  district: (r) => ({ label: 'District', value: r.recipientDistrict }),
  upazila: (r) => ({ label: 'Upazila', value: r.recipientUpazila }),
  date: (r) => ({ label: 'Date', value: <time dateTime={r.donationDate}>{formatDate(r.donationDate)}</time> }),
  time: (r) => ({ label: 'Time', value: r.donationTime }),
  status: (r) => ({ label: 'Status', value: <StatusBadge status={r.donationStatus} expired={r.expired} /> }),
  need: (r) => ({ label: 'Need', value: needText(r) }),
  urgency: (r) => ({ label: 'Urgency', value: <UrgencyBadge urgency={r.urgency} /> }),
  message: (r) => ({ label: 'Request message', value: <span className="whitespace-pre-line">{r.requestMessage}</span> }),
  requestedBy: (r) => ({ label: 'Requested by', value: `${r.requesterName} (${r.requesterEmail})` }),
} satisfies Record<string, (r: DonationRequest) => DetailItem>;
type Field = keyof typeof FIELDS;

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
  const items = (fields: Field[]) => fields.map((field) => FIELDS[field](r));
  return (
    <div className={className}>
      <DetailSection id="recipient" title="Recipient" items={items(recipient)} />
      <DetailSection
        id="hospital"
        title="Hospital"
        items={[
          { label: 'Name', value: r.hospitalName },
          { label: 'Address', value: r.fullAddress },
        ]}
      />
      <DetailSection id="donation" title={donation.title} items={items(donation.fields)} />
      {children}
    </div>
  );
}
