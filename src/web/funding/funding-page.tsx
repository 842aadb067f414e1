import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { isAdmin } from '../../shared/access/policy';
import { FUNDING_MESSAGES } from '../../shared/funding/texts';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { useCsvDownload } from '../insight/api';
import { lang, useMessages } from '../i18n';
import { useAuth } from '../lib/auth';
import { pageFromParams, withPage } from '../lib/page-param';
import { PageTitle } from '../components/page-title';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { fundingKeys, FUNDS_PAGE_SIZE, useFunds, useFundingSummary } from './api';
import { GiveFund } from './give-fund-dialog';
import { formatDateIn, formatMoneyIn } from './money';
import { fundingPageText, ledgerText } from './texts';

/** The name the server gives a giver who chose not to be named (English: it is a stored value's stand-in). */
const ANONYMOUS = FUNDING_MESSAGES.anonymous;

/** Stripe's webhook can land a moment after the browser returns: look again a few times. */
const RECHECK_AFTER_MS = [2_000, 6_000, 15_000];

function ReturnMessage({ outcome, onDismiss }: { outcome: 'success' | 'canceled'; onDismiss: () => void }) {
  const t = useMessages(fundingPageText);
  return (
    <div role="status" className={`alert mt-6 flex-wrap border-l-4 ${outcome === 'success' ? 'border-l-success' : 'border-l-warning'}`}>
      <span>{outcome === 'success' ? t.thanks : t.canceled}</span>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onDismiss}>
        {t.dismiss}
      </button>
    </div>
  );
}

function Ledger({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const funds = useFunds(page);
  const t = useMessages(ledgerText);
  const code = useMessages(lang);
  if (funds.isPending) return <Spinner label={t.loading} />;
  if (funds.isError) {
    return (
      <div role="alert" className="alert border-l-4 border-l-error flex-wrap">
        <span>
          {t.failed} {funds.error.message}
        </span>
        <button type="button" className="btn btn-sm" onClick={() => void funds.refetch()}>
          {t.tryAgain}
        </button>
      </div>
    );
  }
  if (funds.data.rows.length === 0) {
    return <p className="rounded-box border border-dashed border-base-content/30 p-8 text-center text-base-content/80">{t.empty}</p>;
  }
  return (
    <>
      {/* Too wide for a phone, it scrolls sideways (focusable, so a keyboard can scroll it): cells never break a word (issue 38). */}
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100" aria-busy={funds.isFetching} tabIndex={0} role="region" aria-label={t.caption}>
        {/* Tighter cells on a phone, so the three columns fit 360 px without scrolling. */}
        <table className="table table-sm sm:table-md">
          <caption className="sr-only">{t.caption}</caption>
          <thead>
            <tr className="text-base-content/80">
              <th scope="col">{t.donor}</th>
              <th scope="col" className="text-right">
                {t.amount}
              </th>
              <th scope="col">{t.date}</th>
            </tr>
          </thead>
          <tbody>
            {funds.data.rows.map((fund) => (
              <tr key={fund._id}>
                {/* The server names an unnamed giver in English: shown in the current language. */}
                {fund.name === ANONYMOUS ? (
                  <td className="font-medium break-words">{t.anonymous}</td>
                ) : (
                  <td className="font-medium break-words" data-user-content>
                    {fund.name}
                  </td>
                )}
                <td className="text-right tabular-nums whitespace-nowrap">{formatMoneyIn(fund.amount, fund.currency, code)}</td>
                <td className="whitespace-nowrap">
                  <time dateTime={fund.createdAt}>{formatDateIn(fund.createdAt, code)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} pageSize={FUNDS_PAGE_SIZE} total={funds.data.total} onPageChange={onPage} label={t.pages} />
    </>
  );
}

/** /c (and /funding), signed-in users: the total, the ledger and "Give Fund" (Stripe Checkout). */
export function FundingPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const outcome = params.get('funding');
  const returned = outcome === 'success' || outcome === 'canceled' ? outcome : null;
  const summary = useFundingSummary();
  const { user } = useAuth();
  const csv = useCsvDownload(ENDPOINTS.fundingLedgerCsv);
  const queryClient = useQueryClient();
  const t = useMessages(fundingPageText);
  const code = useMessages(lang);

  useEffect(() => {
    if (returned !== 'success') return;
    const timers = RECHECK_AFTER_MS.map((ms) => setTimeout(() => void queryClient.invalidateQueries({ queryKey: fundingKeys.all }), ms));
    return () => timers.forEach(clearTimeout);
  }, [returned, queryClient]);

  const dismiss = () => {
    const next = new URLSearchParams(params);
    next.delete('funding');
    next.delete('session_id');
    setParams(next, { replace: true });
  };

  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <PageTitle title={t.heading} />
      <h1 className="text-3xl font-bold sm:text-4xl">{t.heading}</h1>
      <p className="mt-3 max-w-2xl text-base-content/80">{t.intro}</p>

      {returned && <ReturnMessage outcome={returned} onDismiss={dismiss} />}

      <div className="mt-6" aria-busy={summary.isPending}>
        {summary.isPending ? (
          <Spinner label={t.loadingTotal} />
        ) : summary.isError ? (
          <div role="alert" className="alert border-l-4 border-l-error flex-wrap">
            <span>
              {t.totalFailed} {summary.error.message}
            </span>
            <button type="button" className="btn btn-sm" onClick={() => void summary.refetch()}>
              {t.tryAgain}
            </button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-4 rounded-box border border-base-300 bg-base-100 p-5 sm:p-6">
            <dl>
              <dt className="text-sm font-medium text-base-content/80">{t.total}</dt>
              <dd className="mt-1 text-3xl font-bold tabular-nums text-primary">{formatMoneyIn(summary.data.total, summary.data.currency, code)}</dd>
              <dd className="mt-1 text-sm text-base-content/80">{t.fromGifts(summary.data.count)}</dd>
            </dl>
            {summary.data.online && <GiveFund summary={summary.data} />}
          </div>
        )}
        {summary.data && !summary.data.online && (
          <p role="note" className="alert border-l-4 border-l-info mt-4">
            {t.notSetUp}
          </p>
        )}
      </div>

      <section aria-labelledby="funds-heading" className="mt-10">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="funds-heading" className="text-xl font-bold">
            {t.fundsHeading}
          </h2>
          {isAdmin(user) ? (
            <button type="button" className="btn btn-sm btn-outline" disabled={csv.isPending} onClick={() => csv.mutate(undefined)}>
              {t.exportCsv}
            </button>
          ) : null}
        </div>
        <Ledger page={page} onPage={(next) => setParams(withPage(params, next))} />
      </section>
    </section>
  );
}
