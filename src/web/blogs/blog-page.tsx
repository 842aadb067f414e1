import { useSearchParams } from 'react-router';
import { BLOG_PAGE_SIZE } from '../../shared/blogs/model';
import { PageTitle } from '../components/page-title';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { usePublishedBlogs } from './api';
import { BlogCard } from './blog-card';
import { pageFromParams, withPage } from '../lib/page-param';
import { useMessages } from '../i18n';
import { blogListText } from './texts';

/** /blog: published blogs as cards, newest first, with the page in the URL. */
export function BlogPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const blogs = usePublishedBlogs(page);
  const t = useMessages(blogListText);

  const goTo = (next: number) => {
    setParams(withPage(params, next));
    window.scrollTo({ top: 0 });
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageTitle title={t.heading} />
      <h1 className="text-3xl font-bold sm:text-4xl">{t.heading}</h1>
      <p className="mt-3 max-w-2xl text-base-content/80">{t.intro}</p>

      <div className="mt-8" aria-busy={blogs.isFetching}>
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
          <p className="rounded-box border border-dashed border-base-content/30 p-8 text-center text-base-content/80">
            {page > 1 ? t.emptyPage : t.none}
          </p>
        ) : (
          <>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {blogs.data.rows.map((blog, i) => (
                <li key={blog._id} className="flex *:flex-1">
                  <BlogCard blog={blog} first={i === 0} />
                </li>
              ))}
            </ul>
            <Pagination page={page} pageSize={BLOG_PAGE_SIZE} total={blogs.data.total} onPageChange={goTo} label={t.pages} />
          </>
        )}
      </div>
    </section>
  );
}
