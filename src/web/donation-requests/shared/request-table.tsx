import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { DonationRequest } from '../../../shared/donation-requests';
import type { User } from '../../../shared/users';
import { canCloseDonation, canManage, hasDonor, isEditable } from '../permissions';
import { formatDate, locationOf } from './format';
import { editPath, type FromState, viewPath } from './paths';
import { needText, RequestBadges } from './status-badge';
import { useRequestActions } from './use-request-actions';

type Actor = Pick<User, 'email' | 'role' | 'status'>;

/**
 * A table in a box that scrolls sideways when the columns do not fit (focusable, so the keyboard
 * can scroll it too). Phones get the card list instead.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      {children}
    </div>
  );
}

/** An address that may wrap after the "@" rather than anywhere. */
export function Email({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return <>{address}</>;
  return (
    <span className="[overflow-wrap:anywhere]">
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </span>
  );
}

function Donor({ request }: { request: DonationRequest }) {
  if (!hasDonor(request)) {
    return (
      <span className="text-base-content/70">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No donor yet</span>
      </span>
    );
  }
  return (
    <div className="min-w-0">
      <div>{request.donarName}</div>
      <div className="text-base-content/80">
        <Email address={request.donarEmail ?? ''} />
      </div>
    </div>
  );
}

/** View, edit, delete, done and cancel, as far as the user may use them on this request. */
function RowActions({ request: r, user, size }: { request: DonationRequest; user: Actor; size: 'btn-xs' | 'btn-sm' }) {
  const location = useLocation();
  const from: FromState = { from: location.pathname + location.search };
  const { remove, close, busyId } = useRequestActions();
  const manage = canManage(user, r);
  const busy = busyId === r._id;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap gap-1.5">
        <Link to={viewPath(r._id)} className={`btn btn-outline ${size}`}>
          View<span className="sr-only"> the request for {r.recipientName}</span>
        </Link>
        {manage && isEditable(r) && (
          <Link to={editPath(r._id)} state={from} className={`btn btn-outline ${size}`}>
            Edit<span className="sr-only"> the request for {r.recipientName}</span>
          </Link>
        )}
        {manage && (
          <button type="button" className={`btn btn-error ${size}`} disabled={busy} onClick={() => void remove(r)}>
            Delete<span className="sr-only"> the request for {r.recipientName}</span>
          </button>
        )}
      </div>
      {canCloseDonation(user, r) && (
        <div className="flex flex-wrap gap-1.5">
          <button type="button" className={`btn btn-success ${size}`} disabled={busy} onClick={() => void close(r, 'done')}>
            Done<span className="sr-only">: mark the request for {r.recipientName} done</span>
          </button>
          <button type="button" className={`btn btn-outline ${size}`} disabled={busy} onClick={() => void close(r, 'canceled')}>
            Cancel<span className="sr-only"> the donation for {r.recipientName}</span>
          </button>
        </div>
      )}
    </div>
  );
}

interface RequestTableProps {
  rows: DonationRequest[];
  user: Actor;
  /** Names the table for assistive technology, e.g. "My donation requests". */
  label: string;
  /** Show who asked (the all-requests list). */
  showRequester?: boolean;
}

/** Phones: one card per request, everything readable without scrolling sideways. */
function RequestCards({ rows, user, label, showRequester }: Required<RequestTableProps>) {
  return (
    <ul aria-label={label} className="space-y-3 md:hidden">
      {rows.map((r) => (
        <li key={r._id} className="rounded-box border border-base-300 bg-base-100 p-4">
          <div className="flex items-start justify-between gap-2">
            <p className="font-semibold">{r.recipientName}</p>
            <RequestBadges request={r} className="flex flex-wrap justify-end gap-1.5" />
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-base-content/80">Blood group</dt>
            <dd className="font-semibold">{r.bloodGroup}</dd>
            <dt className="text-base-content/80">Need</dt>
            <dd>{needText(r)}</dd>
            <dt className="text-base-content/80">Location</dt>
            <dd>{locationOf(r)}</dd>
            <dt className="text-base-content/80">When</dt>
            <dd>
              <time dateTime={r.donationDate}>{formatDate(r.donationDate)}</time>, {r.donationTime}
            </dd>
            {showRequester && (
              <>
                <dt className="text-base-content/80">Requester</dt>
                <dd className="min-w-0">
                  <div>{r.requesterName}</div>
                  <div className="text-base-content/80">
                    <Email address={r.requesterEmail} />
                  </div>
                </dd>
              </>
            )}
            {hasDonor(r) && (
              <>
                <dt className="text-base-content/80">Donor</dt>
                <dd className="min-w-0">
                  <div>{r.donarName}</div>
                  <div className="text-base-content/80">
                    <Email address={r.donarEmail ?? ''} />
                  </div>
                </dd>
              </>
            )}
          </dl>
          <div className="mt-3">
            <RowActions request={r} user={user} size="btn-sm" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The dashboard's request list (user home, my requests, all requests) with the row actions. */
export function RequestTable({ rows, user, label, showRequester = false }: RequestTableProps) {
  return (
    <>
      <RequestCards rows={rows} user={user} label={label} showRequester={showRequester} />
      <div className="hidden md:block">
        <TableRegion label={label}>
          <table className="table table-sm">
            <caption className="sr-only">{label}</caption>
            <thead>
              <tr>
                <th scope="col">Recipient</th>
                {showRequester && <th scope="col">Requester</th>}
                <th scope="col">Location</th>
                <th scope="col">Date</th>
                <th scope="col">Time</th>
                <th scope="col">Status</th>
                <th scope="col">Donor information</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r._id} className="align-top">
                  <th scope="row" className="min-w-28">
                    <div className="font-semibold">{r.recipientName}</div>
                    <div className="font-semibold whitespace-nowrap text-primary">
                      <span className="sr-only">Blood group </span>
                      {r.bloodGroup}
                    </div>
                    <div className="text-xs font-normal text-base-content/80">{needText(r)}</div>
                  </th>
                  {showRequester && (
                    <td className="min-w-32">
                      <div>{r.requesterName}</div>
                      <div className="text-base-content/80">
                        <Email address={r.requesterEmail} />
                      </div>
                    </td>
                  )}
                  <td className="min-w-24">{locationOf(r)}</td>
                  <td className="whitespace-nowrap">
                    <time dateTime={r.donationDate}>{formatDate(r.donationDate, 'short')}</time>
                  </td>
                  <td className="whitespace-nowrap">{r.donationTime}</td>
                  <td>
                    <RequestBadges request={r} className="flex flex-col items-start gap-1" />
                  </td>
                  <td className="min-w-32">
                    <Donor request={r} />
                  </td>
                  <td>
                    <div className="w-44">
                      <RowActions request={r} user={user} size="btn-xs" />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </div>
    </>
  );
}
