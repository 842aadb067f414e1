import { Link } from 'react-router';
import type { BlogSummary } from '../../shared/blogs/schemas';
import { lang, useMessages } from '../i18n';
import { formatLongDate } from '../lib/format';
import { blogPreview } from './shared/format';
import { blogListText } from './texts';

/**
 * A published blog on /blog: thumbnail, title, the 100-character excerpt and "View More".
 * `first`: the card at the top of the page, whose picture is in view at once (fetched eagerly).
 */
export function BlogCard({ blog, first = false }: { blog: BlogSummary; first?: boolean }) {
  const titleId = `blog-title-${blog._id}`;
  const t = useMessages(blogListText);
  const code = useMessages(lang);
  return (
    <article className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm" aria-labelledby={titleId}>
      <figure className="aspect-video bg-base-300">
        {/* Width and height reserve the space (no layout shift); lazy: only cards in view load,
            except the first, the largest thing on the page as it opens. */}
        <img
          src={blog.thumbnail}
          alt=""
          width={640}
          height={360}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-cover"
        />
      </figure>
      <div className="card-body gap-3 p-5">
        <h2 id={titleId} data-user-content className="card-title text-lg leading-snug [overflow-wrap:anywhere]">
          {blog.blogTitle}
        </h2>
        <p className="text-sm text-base-content/70">
          <time dateTime={blog.createdAt}>{formatLongDate(blog.createdAt, code)}</time>
        </p>
        <p data-user-content className="text-base-content/85 [overflow-wrap:anywhere]">{blogPreview(blog.excerpt)}</p>
        <div className="card-actions mt-auto justify-end">
          <Link to={`/viewBlog/${blog._id}`} className="btn btn-primary btn-sm" aria-describedby={titleId}>
            {t.viewMore}
          </Link>
        </div>
      </div>
    </article>
  );
}
