import { BLOG_PAGE_SIZE, publishedBlogsArgs } from '../../shared/blogs/model';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { blogQuerySchema } from '../../shared/blogs/schemas';
import { IMAGE_PATH_PATTERN } from '../../shared/images/model';
import type { AppDeps } from '../deps';
import type { PageHint, PageHints } from '../plugins/spa';
import { getBlog, listPublishedBlogs } from './service';

/** The ids GET /api/blog?_id= accepts. */
const blogId = blogQuerySchema.shape._id.unwrap();

/**
 * What the blog pages need at once, for their HTML (plugins/spa.ts). On a phone the largest paint
 * of /blog is the first card's picture, and of /viewBlog/:id the post's: announced in the HTML,
 * it downloads alongside the scripts instead of after the page has run and asked the API. /blog
 * also gets its list (page 1), which every visitor reads through the same public request.
 */
export function blogPageHints(deps: Pick<AppDeps, 'db' | 'caches'>): PageHints {
  const image = (thumbnail: string | undefined): PageHint[] => (thumbnail && IMAGE_PATH_PATTERN.test(thumbnail) ? [{ as: 'image', href: thumbnail }] : []);

  return async (pathname, query) => {
    if (/^\/blog\/?$/i.test(pathname)) {
      const page = query.get('page');
      if (page !== null && page !== '1') return [];
      // The same cache entry as the request the hint names.
      const { rows } = await listPublishedBlogs(deps.db, deps.caches.blogs, { page: 1, limit: BLOG_PAGE_SIZE });
      return [{ as: 'fetch', href: `/api${ENDPOINTS.blogs.path(publishedBlogsArgs(1))}` }, ...image(rows[0]?.thumbnail)];
    }
    const id = /^\/viewBlog\/([^/]+)\/?$/i.exec(pathname)?.[1];
    if (id && blogId.safeParse(id).success) {
      // Published posts only (no viewer): a draft's picture is nobody's business but staff's.
      const blog = await getBlog(deps.db, undefined, id).catch(() => null);
      return image(blog?.thumbnail);
    }
    return [];
  };
}
