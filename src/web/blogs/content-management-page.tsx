import { Link, useSearchParams } from 'react-router';
import { BLOG_STATUSES } from '../../shared/blogs/model';
import { pathTo } from '../../shared/routing/routes';
import { PageTitle } from '../components/page-title';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { useIsAdmin } from '../lib/auth';
import { type BlogFilter, CONTENT_PAGE_SIZE, useManagedBlogs } from './api';
import { ManagedBlogItem } from './managed-blog-item';
import { pageFromParams, withPage } from '../lib/page-param';
import { useMessages } from '../i18n';
import { blogManageText, blogStatusText } from './texts';

const NONE = { draft: 'noneDraft', published: 'nonePublished', unpublish: 'noneUnpublish' } as const;
const FILTERS: readonly BlogFilter[] = ['all', ...BLOG_STATUSES];
const filterFrom = (value: string | null): BlogFilter => (FILTERS as readonly (string | null)[]).includes(value) ? (value as BlogFilter) : 'all';

/**
 * /dashboard/contentManagement: every blog with its status. Admins get the one allowed status move
 * and Delete on each; volunteers see the list and can write (Add Blog), nothing more.
 */
export function ContentManagementPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params.get('status'));
  const page = pageFromParams(params);
  const blogs = useManagedBlogs(filter, page);
  const { isAdmin } = useIsAdmin();
  const t = useMessages(blogManageText);
  const status = useMessages(blogStatusText);

  const setFilter = (next: BlogFilter) => setParams(next === 'all' ? {} : { status: next });

  return (
    <section className="mx-auto max-w-5xl">
      <PageTitle title={t.heading} />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t.heading}</h1>
        <Link to={pathTo('addBlog')} className="btn btn-primary">
          {t.addBlog}
        </Link>
      </div>
      <p className="mt-2 text-base-content/80">{isAdmin ? t.introAdmin : t.introVolunteer}</p>

      <div className="mt-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <label htmlFor="blog-status-filter" className="mb-1 block text-sm font-medium">
            {t.status}
          </label>
          <select
            id="blog-status-filter"
            className="select w-48 border-base-content/40"
            value={filter}
            onChange={(e) => setFilter(filterFrom(e.target.value))}
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {status[f]}
              </option>
            ))}
          </select>
        </div>
        {blogs.data && (
          <p className="text-sm text-base-content/80" aria-live="polite">
            {t.count(blogs.data.total)}
          </p>
        )}
      </div>

      <div className="mt-4" aria-busy={blogs.isFetching}>
        {blogs.isPending ? (
          <Spinner label={t.loading} />
        ) : blogs.isError ? (
          <div role="alert" className="alert border-l-4 border-l-error flex-wrap">
            <span>
              {t.loadFailed} {blogs.error.message}
            </span>
            <button type="button" className="btn btn-sm" onClick={() => void blogs.refetch()}>
              {t.tryAgain}
            </button>
          </div>
        ) : blogs.data.rows.length === 0 ? (
          <p className="rounded-box border border-dashed border-base-content/30 bg-base-100 p-8 text-center text-base-content/80">
            {page > 1 ? (
              <button type="button" className="btn btn-sm" onClick={() => setParams(withPage(params, 1))}>
                {t.firstPage}
              </button>
            ) : filter === 'all' ? (
              t.noneAll
            ) : (
              t[NONE[filter]]
            )}
          </p>
        ) : (
          <>
            <ul className="space-y-3">
              {blogs.data.rows.map((blog) => (
                <ManagedBlogItem key={blog._id} blog={blog} canManage={isAdmin} />
              ))}
            </ul>
            <Pagination
              page={page}
              pageSize={CONTENT_PAGE_SIZE}
              total={blogs.data.total}
              onPageChange={(next) => setParams(withPage(params, next))}
              label={t.pages}
            />
          </>
        )}
      </div>
    </section>
  );
}
