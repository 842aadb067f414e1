import { useSearchParams } from 'react-router';
import { BLOG_PAGE_SIZE } from '../../shared/blog-rules';
import { PAGE_HEADINGS } from '../../shared/site';
import { PageTitle } from '../components/page-title';
import { Pagination } from '../components/pagination';
import { Spinner } from '../components/spinner';
import { usePublishedBlogs } from './api';
import { BlogCard } from './blog-card';
import { pageFromParams, withPage } from '../lib/page-param';

/** /blog: published blogs as cards, newest first, with the page in the URL. */
export function BlogPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const blogs = usePublishedBlogs(page);

  const goTo = (next: number) => {
    setParams(withPage(params, next));
    window.scrollTo({ top: 0 });
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageTitle title={PAGE_HEADINGS.blog} />
      <h1 className="text-3xl font-bold sm:text-4xl">{PAGE_HEADINGS.blog}</h1>
      <p className="mt-3 max-w-2xl text-base-content/80">
        Stories from donors and recipients, and practical advice about giving blood safely.
      </p>

      <div className="mt-8" aria-busy={blogs.isFetching}>
        {blogs.isPending ? (
          <Spinner label="Loading blog posts…" />
        ) : blogs.isError ? (
          <div role="alert" className="alert border-l-4 border-l-error flex-wrap">
            <span>The blog posts could not be loaded. {blogs.error.message}</span>
            <button type="button" className="btn btn-sm" onClick={() => void blogs.refetch()}>
              Try again
            </button>
          </div>
        ) : blogs.data.rows.length === 0 ? (
          <p className="rounded-box border border-dashed border-base-content/30 p-8 text-center text-base-content/80">
            {page > 1 ? 'There are no blog posts on this page.' : 'No blog posts have been published yet. Please check back soon.'}
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
            <Pagination page={page} pageSize={BLOG_PAGE_SIZE} total={blogs.data.total} onPageChange={goTo} label="Blog pages" />
          </>
        )}
      </div>
    </section>
  );
}
