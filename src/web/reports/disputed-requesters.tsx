import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { shownEmail } from '../../shared/users/model';
import { useState } from 'react';
import { INTL_LOCALE, type Lang } from '../../shared/i18n/model';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { EmptyState, QueryError } from '../donation-requests';
import { lang, useMessages } from '../i18n';
import { getPage, secureApi } from '../lib/api-client';
import { disputesText } from './texts';

// Issue 30: requesters whose requests marked done had donations their donors disputed ("I did not
// donate"), for the staff who moderate. Many disputes may mean requests closed to mint certificates.

const PAGE_SIZE = 10;
const disputeKeys = { page: (page: number) => ['donations', 'disputes', page] as const };

const WHEN = new Map<Lang, Intl.DateTimeFormat>();
/** "5 Mar 2026" (Dhaka), in the language's digits and month names. */
function day(iso: string, code: Lang): string {
  let format = WHEN.get(code);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE[code], { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Dhaka' });
    WHEN.set(code, format);
  }
  return format.format(new Date(iso));
}

/** The reports page's "Requesters with disputed donations" (staff). */
export function DisputedRequesters() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: disputeKeys.page(page),
    queryFn: ({ signal }) => getPage(secureApi, ENDPOINTS.donationDisputes, { page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const t = useMessages(disputesText);
  const code = useMessages(lang);

  let body;
  if (list.isPending) body = <Spinner label={t.loading} />;
  else if (list.isError) body = <QueryError error={list.error} onRetry={() => void list.refetch()} what={t.what} />;
  else if (list.data.rows.length === 0) body = <EmptyState title={t.empty} />;
  else {
    body = (
      <>
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100" role="region" aria-labelledby="disputed-requesters" tabIndex={0}>
          <table className="table" aria-busy={list.isFetching}>
            <thead>
              <tr>
                <th scope="col">{t.requester}</th>
                <th scope="col">{t.count}</th>
                <th scope="col">{t.latest}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.rows.map((row) => (
                <tr key={row.requesterId}>
                  <td className="break-words">
                    <span className="font-semibold" data-user-content>
                      {row.name}
                    </span>
                    <br />
                    <span className="text-sm text-base-content/80">{shownEmail(row.email) ?? '—'}</span>
                  </td>
                  <td>
                    <span className="font-semibold">{t.disputedCount(row.disputedCount)}</span>
                  </td>
                  <td>
                    <time dateTime={row.lastDisputedAt}>{day(row.lastDisputedAt, code)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination page={page} pageSize={PAGE_SIZE} total={list.data.total} onPageChange={setPage} label={t.pagesLabel} />
      </>
    );
  }

  return (
    <section aria-labelledby="disputed-requesters" className="mt-10">
      <h2 id="disputed-requesters" className="text-xl font-bold">
        {t.title}
      </h2>
      <p className="mt-1 mb-4 text-base-content/80">{t.intro}</p>
      {body}
    </section>
  );
}
