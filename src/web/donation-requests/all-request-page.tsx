import { Link, Navigate, useLocation } from 'react-router';
import { pathTo } from '../../shared/routing/routes';
import { PageTitle } from '../components/page-title';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { pagesText } from '../components/texts';
import { lang, useMessages } from '../i18n';
import { PAGE_SIZE, usePendingRequests } from './api';
import { formatDate, formatTime } from './shared/format';
import { detailsPath } from './shared/paths';
import { placeText, useRequestPlaces } from './shared/place-names';
import { EmptyState, QueryError } from './shared/query-states';
import { TableRegion } from './shared/request-table';
import { RequestBadges, useNeedText } from './shared/status-badge';
import { UrgencyFilter } from './shared/status-filter';
import { useListParams } from './shared/use-list-params';
import { publicListText, requestsCommonText } from './texts';

/** Spec section 2: /allRequest, the public table of pending requests, soonest first. */
export function AllRequestPage() {
  const { page, urgency, setPage, setUrgency } = useListParams();
  const location = useLocation();
  const query = usePendingRequests(page, urgency);
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const t = useMessages(publicListText);
  const common = useMessages(requestsCommonText);
  const pages = useMessages(pagesText);
  const code = useMessages(lang);
  const needText = useNeedText();
  const placeOf = useRequestPlaces(query.data?.rows ?? []);

  if (query.isSuccess && !query.isPlaceholderData && page > lastPage) {
    return <Navigate replace to={{ pathname: location.pathname, search: lastPage > 1 ? `?page=${lastPage}` : '' }} />;
  }

  let body;
  if (query.isPending) body = <Spinner label={t.loading} />;
  else if (query.isError) body = <QueryError error={query.error} onRetry={() => void query.refetch()} what={t.what} />;
  else if (query.data.rows.length === 0) {
    body = (
      <EmptyState title={t.emptyTitle}>
        <p>{t.emptyText}</p>
        <Link to={pathTo('searchDonors')} className="btn btn-outline btn-primary btn-sm mt-4">
          {t.searchDonors}
        </Link>
      </EmptyState>
    );
  } else {
    const rows = query.data.rows;
    body = (
      <>
        {/* Phones: a card per request, with the View button in reach. */}
        <ul aria-label={t.listLabel} className="space-y-3 md:hidden">
          {rows.map((r) => (
            <li key={r._id} className="rounded-box border border-base-300 bg-base-100 p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold" data-user-content>
                    {r.recipientName}
                  </p>
                  <p className="text-sm text-base-content/80">{placeText(placeOf(r))}</p>
                </div>
                <p className="text-xl font-bold text-primary">
                  <span className="sr-only">{common.bloodGroup} </span>
                  {r.bloodGroup}
                </p>
              </div>
              <p className="mt-2 text-sm">
                <time dateTime={r.donationDate}>{formatDate(r.donationDate, 'long', code)}</time>, {formatTime(r.donationTime, code)}
              </p>
              <p className="mt-1 text-sm">{needText(r)}</p>
              <div className="mt-3 flex items-center justify-between gap-3">
                <RequestBadges request={r} />
                <Link to={detailsPath(r._id)} className="btn btn-primary btn-sm">
                  {t.view}
                  <span className="sr-only" data-user-content>
                    {t.viewFor({ name: r.recipientName })}
                  </span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
        <div className="hidden md:block">
          <TableRegion label={t.listLabel}>
            <table className="table table-sm sm:table-md">
              <caption className="sr-only">{t.caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.recipient}</th>
                  <th scope="col">{t.location}</th>
                  <th scope="col">{t.date}</th>
                  <th scope="col">{t.time}</th>
                  <th scope="col">{common.bloodGroup}</th>
                  <th scope="col">{t.need}</th>
                  <th scope="col">{t.status}</th>
                  <th scope="col">
                    <span className="sr-only">{t.details}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r._id}>
                    <th scope="row" className="font-semibold" data-user-content>
                      {r.recipientName}
                    </th>
                    <td className="min-w-32">{placeText(placeOf(r))}</td>
                    <td className="whitespace-nowrap">
                      <time dateTime={r.donationDate}>{formatDate(r.donationDate, 'long', code)}</time>
                    </td>
                    <td className="whitespace-nowrap">{formatTime(r.donationTime, code)}</td>
                    <td className="font-bold text-primary">{r.bloodGroup}</td>
                    <td className="min-w-32 text-sm">{needText(r)}</td>
                    <td>
                      <RequestBadges request={r} />
                    </td>
                    <td>
                      <Link to={detailsPath(r._id)} className="btn btn-primary btn-outline btn-xs sm:btn-sm">
                        {t.view}
                        <span className="sr-only" data-user-content>
                    {t.viewFor({ name: r.recipientName })}
                  </span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </div>
        <Pagination page={page} pageSize={PAGE_SIZE} total={total} onPageChange={(p) => setPage(p)} label={t.pages} />
      </>
    );
  }

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <PageTitle title={pages.donationRequests} />
      <h1 className="text-3xl font-bold sm:text-4xl">{pages.donationRequests}</h1>
      <p className="mt-2 mb-6 max-w-2xl text-base-content/80">
        {t.intro}
        {query.isSuccess && total > 0 && <span className="sr-only"> {t.waiting(total)}</span>}
      </p>
      <div className="mb-4">
        <UrgencyFilter id="pending-urgency-filter" value={urgency} onChange={setUrgency} />
      </div>
      <div aria-busy={query.isFetching}>{body}</div>
    </section>
  );
}
