import type { ReactNode } from 'react';
import { shownEmail } from '../../../shared/users/model';
import { Link, useLocation } from 'react-router';
import type { DonationRequest } from '../../../shared/donation-requests/schemas';
import type { User } from '../../../shared/users/schemas';
import { lang, useMessages } from '../../i18n';
import { canCloseDonation, canManage, hasDonor, isEditable } from '../permissions';
import { requestsCommonText, tableText } from '../texts';
import { formatDate, formatTime } from './format';
import { editPath, type FromState, viewPath } from './paths';
import { placeText, useRequestPlaces } from './place-names';
import { RequestBadges, useNeedText } from './status-badge';
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

/** An address that may wrap after the "@" rather than anywhere; never translated. A phone-only account's (issue 32): a dash. */
export function Email({ address }: { address: string }) {
  if (address && !shownEmail(address)) return <span aria-hidden="true">—</span>;
  const at = address.indexOf('@');
  if (at < 0) return <span translate="no">{address}</span>;
  return (
    <span className="[overflow-wrap:anywhere]" translate="no">
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </span>
  );
}

function Donor({ request }: { request: DonationRequest }) {
  const t = useMessages(tableText);
  if (!hasDonor(request)) {
    return (
      <span className="text-base-content/70">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t.noDonor}</span>
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
  const t = useMessages(tableText);
  const name = { name: r.recipientName };
  const manage = canManage(user, r);
  const busy = busyId === r._id;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap gap-1.5">
        <Link to={viewPath(r._id)} className={`btn btn-outline ${size}`}>
          {t.view}
          <span className="sr-only">{t.viewFor(name)}</span>
        </Link>
        {manage && isEditable(r) && (
          <Link to={editPath(r._id)} state={from} className={`btn btn-outline ${size}`}>
            {t.edit}
            <span className="sr-only">{t.editFor(name)}</span>
          </Link>
        )}
        {manage && (
          <button type="button" className={`btn btn-error ${size}`} disabled={busy} onClick={() => void remove(r)}>
            {t.delete}
            <span className="sr-only">{t.deleteFor(name)}</span>
          </button>
        )}
      </div>
      {canCloseDonation(user, r) && (
        <div className="flex flex-wrap gap-1.5">
          <button type="button" className={`btn btn-success ${size}`} disabled={busy} onClick={() => void close(r, 'done')}>
            {t.done}
            <span className="sr-only">{t.doneFor(name)}</span>
          </button>
          <button type="button" className={`btn btn-outline ${size}`} disabled={busy} onClick={() => void close(r, 'canceled')}>
            {t.cancel}
            <span className="sr-only">{t.cancelFor(name)}</span>
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
  const t = useMessages(tableText);
  const common = useMessages(requestsCommonText);
  const code = useMessages(lang);
  const needText = useNeedText();
  const placeOf = useRequestPlaces(rows);
  return (
    <ul aria-label={label} className="space-y-3 md:hidden">
      {rows.map((r) => (
        <li key={r._id} className="rounded-box border border-base-300 bg-base-100 p-4">
          <div className="flex items-start justify-between gap-2">
            <p className="font-semibold" data-user-content>
              {r.recipientName}
            </p>
            <RequestBadges request={r} className="flex flex-wrap justify-end gap-1.5" />
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-base-content/80">{common.bloodGroup}</dt>
            <dd className="font-semibold">{r.bloodGroup}</dd>
            <dt className="text-base-content/80">{t.need}</dt>
            <dd>{needText(r)}</dd>
            <dt className="text-base-content/80">{t.location}</dt>
            <dd>{placeText(placeOf(r))}</dd>
            <dt className="text-base-content/80">{t.when}</dt>
            <dd>
              <time dateTime={r.donationDate}>{formatDate(r.donationDate, 'long', code)}</time>, {formatTime(r.donationTime, code)}
            </dd>
            {showRequester && (
              <>
                <dt className="text-base-content/80">{t.requester}</dt>
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
                <dt className="text-base-content/80">{t.donor}</dt>
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
  const t = useMessages(tableText);
  const common = useMessages(requestsCommonText);
  const code = useMessages(lang);
  const needText = useNeedText();
  const placeOf = useRequestPlaces(rows);
  return (
    <>
      <RequestCards rows={rows} user={user} label={label} showRequester={showRequester} />
      <div className="hidden md:block">
        <TableRegion label={label}>
          <table className="table table-sm">
            <caption className="sr-only">{label}</caption>
            <thead>
              <tr>
                <th scope="col">{t.recipient}</th>
                {showRequester && <th scope="col">{t.requester}</th>}
                <th scope="col">{t.location}</th>
                <th scope="col">{t.date}</th>
                <th scope="col">{t.time}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.donorInformation}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r._id} className="align-top">
                  <th scope="row" className="min-w-28">
                    <div className="font-semibold" data-user-content>
                      {r.recipientName}
                    </div>
                    <div className="font-semibold whitespace-nowrap text-primary">
                      <span className="sr-only">{common.bloodGroup} </span>
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
                  <td className="min-w-24">{placeText(placeOf(r))}</td>
                  <td className="whitespace-nowrap">
                    <time dateTime={r.donationDate}>{formatDate(r.donationDate, 'short', code)}</time>
                  </td>
                  <td className="whitespace-nowrap">{formatTime(r.donationTime, code)}</td>
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
