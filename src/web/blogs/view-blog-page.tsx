import { Link, useParams } from 'react-router';
import { isStaff } from '../../shared/access';
import { ACCESS_TOKEN_STORAGE_KEY, PAGE_HEADINGS, ROUTES } from '../../shared/site';
import { PageTitle } from '../components/page-title';
import { Spinner } from '../components/spinner';
import { ApiError } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { useBlog } from './api';
import { formatBlogDate, STATUS_LABELS } from './shared/format';
import { PROSE_CLASSES } from './shared/prose';

const NOT_FOUND_HEADING = 'Blog post not found';

function hasStoredToken(): boolean {
  try {
    return localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

function BackToBlog() {
  return (
    <Link to={ROUTES.blog} className="link link-primary">
      Back to all blog posts
    </Link>
  );
}

/** /viewBlog/{_id}: the whole post. Unknown and unpublished posts read as "not found". */
export function ViewBlogPage() {
  const { id = '' } = useParams();
  const { user, loading } = useAuth();
  // With a stored token the reader may be staff, who can also open drafts: wait for the session
  // instead of asking twice. Visitors (no token) read at once.
  const blog = useBlog(id, isStaff(user), !(loading && hasStoredToken()));

  // A draft answers "not found" to the public read made before the session is known; staff then
  // read it again with their token. Until the session is known, that is not the final answer.
  if (blog.isPending || (blog.isError && loading)) return <Spinner label="Loading the blog post…" />;

  if (blog.isError) {
    // 400 (not a blog id) and 404 (no such blog, or not published): the same answer to a reader.
    const missing = blog.error instanceof ApiError && (blog.error.status === 404 || blog.error.status === 400);
    return (
      <section className="mx-auto max-w-3xl px-4 py-16">
        <PageTitle title={missing ? NOT_FOUND_HEADING : PAGE_HEADINGS.viewBlog} />
        <h1 className="text-3xl font-bold">{missing ? NOT_FOUND_HEADING : 'The blog post could not be loaded'}</h1>
        <p className="mt-3 text-base-content/80">
          {missing
            ? 'This post does not exist or is not published. It may have been taken down, or the link may be wrong.'
            : blog.error.message}
        </p>
        <div className="mt-6 flex flex-wrap items-center gap-4">
          {!missing && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void blog.refetch()}>
              Try again
            </button>
          )}
          <BackToBlog />
        </div>
      </section>
    );
  }

  const post = blog.data;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <PageTitle title={post.blogTitle} />
      <p className="mb-4 text-sm">
        <BackToBlog />
      </p>
      {post.blogStatus !== 'published' && (
        <p role="note" className="alert border-l-4 border-l-warning mb-4">
          Preview: this post is {STATUS_LABELS[post.blogStatus].toLowerCase()}, so only staff can see it.
        </p>
      )}
      <img
        src={post.thumbnail}
        alt=""
        width={1024}
        height={576}
        fetchPriority="high"
        className="aspect-video w-full rounded-box bg-base-300 object-cover"
      />
      <h1 className="mt-6 text-3xl font-bold leading-tight [overflow-wrap:anywhere] sm:text-4xl">{post.blogTitle}</h1>
      <p className="mt-2 text-sm text-base-content/75">
        <time dateTime={post.createdAt}>{formatBlogDate(post.createdAt)}</time>
      </p>
      {/* The server sanitises blog HTML on write (an allow-list of tags, our own images only), so
          this is the one place the app renders HTML it did not build itself. */}
      <div className={`mt-6 ${PROSE_CLASSES}`} dangerouslySetInnerHTML={{ __html: post.content }} />
    </article>
  );
}
