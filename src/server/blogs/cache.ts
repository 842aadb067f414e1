import type { BlogSummary } from '../../shared/blogs/schemas';
import type { Pagination } from '../../shared/api/schemas';
import type { ListPage, WriteEvents } from '../lib/list-caches';
import { TtlCache } from '../lib/ttl-cache';

/**
 * The public list of published blogs, kept briefly in memory (decisions 016 and 027). Private to
 * this feature: its service reads it, deps.ts creates one per app.
 */
export interface BlogCache {
  /** A page of the published list. */
  published(p: Pagination, load: () => Promise<ListPage<BlogSummary>>): Promise<ListPage<BlogSummary>>;
}

/** `ttlMs` is the app's list TTL: blogs change rarely and every change here clears them, so they are kept five times longer. */
export function createBlogCache(ttlMs: number, writes: WriteEvents): BlogCache {
  const published = new TtlCache<ListPage<BlogSummary>>(ttlMs * 5);
  writes.onWrite(['blogs'], () => published.clear());
  return { published: (p, load) => published.get(`${p.page}:${p.limit}`, load) };
}
