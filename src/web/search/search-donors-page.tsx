import { Link, useLocation, useSearchParams } from 'react-router';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../shared/site/model';
import { pathTo } from '../../shared/routing/routes';
import type { FromState } from '../lib/guards';
import { useMessages } from '../i18n';
import { useAuth } from '../lib/auth';
import { PageTitle } from '../components/page-title';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { pageFromParams, withPage } from '../lib/page-param';
import { hasCriteria, SEARCH_PAGE_SIZE, useDonorSearch } from './api';
import { DonorResults } from './donor-results';
import { SearchForm } from './search-form';
import { paramsFromSearch, searchFromParams } from './search-params';
import { searchPageText } from './texts';

/** /searchDonors: the search form, and the results of the search in the URL. */
export function SearchDonorsPage() {
  const [params, setParams] = useSearchParams();
  const search = searchFromParams(params);
  const page = pageFromParams(params);
  const { user, loading } = useAuth();
  // With a stored token the searcher may be signed in (full emails): wait for the session rather than ask twice.
  const results = useDonorSearch(search, page, Boolean(user), !(loading && localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY) !== null));
  const searched = hasCriteria(search);
  const t = useMessages(searchPageText);
  const location = useLocation();

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageTitle title={t.heading} />
      <h1 className="text-3xl font-bold sm:text-4xl">{t.heading}</h1>
      <p className="mt-3 max-w-2xl text-base-content/80">{t.intro}</p>
      {!user && !loading && (
        <p className="mt-2 max-w-2xl text-sm text-base-content/80" data-testid="search-sign-in">
          {t.signInNote}{' '}
          <Link to={pathTo('login')} state={{ from: location.pathname + location.search } satisfies FromState} className="link link-primary font-medium">
            {t.signIn}
          </Link>
        </p>
      )}

      <div className="mt-8">
        {/* Keyed by the URL's search: back, forward and a reset put the form in step with it. */}
        <SearchForm
          key={paramsFromSearch(search).toString()}
          initial={search}
          onSearch={(next) => setParams(paramsFromSearch(next))}
          onReset={() => setParams({})}
        />
      </div>

      <section aria-labelledby="results-heading" className="mt-8">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="results-heading" className="text-xl font-bold">
            {t.results}
          </h2>
          <p className="text-sm text-base-content/80" aria-live="polite">
            {searched && results.data ? t.found(results.data.total) : ''}
          </p>
        </div>
        <div aria-busy={results.isFetching}>
          {!searched ? (
            <p className="rounded-box border border-dashed border-base-content/30 p-8 text-center text-base-content/80">
              {t.chooseFirst}
            </p>
          ) : results.isPending ? (
            <Spinner label={t.searching} />
          ) : results.isError ? (
            <div role="alert" className="alert border-l-4 border-l-error flex-wrap">
              <span>
                {t.failed} {results.error.message}
              </span>
              <button type="button" className="btn btn-sm" onClick={() => void results.refetch()}>
                {t.tryAgain}
              </button>
            </div>
          ) : results.data.rows.length === 0 ? (
            <p className="rounded-box border border-dashed border-base-content/30 p-8 text-center text-base-content/80">
              {page > 1 ? t.emptyPage : t.noResults} {t.wider}
            </p>
          ) : (
            <>
              <DonorResults donors={results.data.rows} firstNumber={(page - 1) * SEARCH_PAGE_SIZE + 1} />
              <Pagination
                page={page}
                pageSize={SEARCH_PAGE_SIZE}
                total={results.data.total}
                onPageChange={(next) => setParams(withPage(params, next))}
                label={t.pages}
              />
            </>
          )}
        </div>
      </section>
    </section>
  );
}
