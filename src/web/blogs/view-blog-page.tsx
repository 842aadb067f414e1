import { Link, useParams } from 'react-router';
import { isStaff } from '../../shared/access/policy';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../shared/site/model';
import { pathTo } from '../../shared/routing/routes';
import { PageTitle } from '../components/page-title';
import { Spinner } from '../components/spinner';
import { ApiError } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { useBlog } from './api';
import { lang, useMessages } from '../i18n';
import { formatLongDate } from '../lib/format';
import { PROSE_CLASSES } from './shared/prose';
import { blogPostText } from './texts';

const PREVIEW = { draft: 'previewDraft', published: 'previewPublished', unpublish: 'previewUnpublish' } as const;

function hasStoredToken(): boolean {
  try {
    return localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

function BackToBlog() {
  const t = useMessages(blogPostText);
  return (
    <Link to={pathTo('blog')} className="link link-primary">
      {t.back}
    </Link>
  );
}

/** /viewBlog/{_id}: the whole post. Unknown and unpublished posts read as "not found". */
export function ViewBlogPage() {
  const { id = '' } = useParams();
  const { user, loading } = useAuth();
  const t = useMessages(blogPostText);
  const code = useMessages(lang);
  // With a stored token the reader may be staff, who can also open drafts: wait for the session
  // instead of asking twice. Visitors (no token) read at once.
  const blog = useBlog(id, isStaff(user), !(loading && hasStoredToken()));

  // A draft answers "not found" to the public read made before the session is known; staff then
  // read it again with their token. Until the session is known, that is not the final answer.
  if (blog.isPending || (blog.isError && loading)) return <Spinner label={t.loading} />;

  if (blog.isError) {
    // 400 (not a blog id) and 404 (no such blog, or not published): the same answer to a reader.
    const missing = blog.error instanceof ApiError && (blog.error.status === 404 || blog.error.status === 400);
    return (
      <section className="mx-auto max-w-3xl px-4 py-16">
        <PageTitle title={missing ? t.notFound : t.heading} />
        <h1 className="text-3xl font-bold">{missing ? t.notFound : t.loadFailed}</h1>
        <p className="mt-3 text-base-content/80">{missing ? t.notFoundText : blog.error.message}</p>
        <div className="mt-6 flex flex-wrap items-center gap-4">
          {!missing && (
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void blog.refetch()}>
              {t.tryAgain}
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
          {t[PREVIEW[post.blogStatus]]}
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
      <h1 data-user-content className="mt-6 text-3xl font-bold leading-tight [overflow-wrap:anywhere] sm:text-4xl">{post.blogTitle}</h1>
      <p className="mt-2 text-sm text-base-content/75">
        <time dateTime={post.createdAt}>{formatLongDate(post.createdAt, code)}</time>
      </p>
      {/* The server sanitises blog HTML on write (an allow-list of tags, our own images only), so
          this is the one place the app renders HTML it did not build itself. */}
      <div data-user-content className={`mt-6 ${PROSE_CLASSES}`} dangerouslySetInnerHTML={{ __html: post.content }} />
    </article>
  );
}
