// Blogs: statuses, sizes and the bounds on a post, without the schema library, so the public blog
// pages can use them without loading it.

export const BLOG_STATUSES = ['draft', 'published', 'unpublish'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/** A blog's excerpt: the first this many characters of its text (the /blog cards add "..."). */
export const BLOG_EXCERPT_LENGTH = 100;

/** Blogs per page on /blog. */
export const BLOG_PAGE_SIZE = 9;

/** What the web asks GET /blog for one page of /blog (the server announces page 1's fetch in the page's HTML). */
export const publishedBlogsArgs = (page: number) => ({ status: 'published' as const, page, limit: BLOG_PAGE_SIZE });

/**
 * Bounds on a post's HTML, so that cleaning one stays well under 100 ms whatever its shape
 * (bench/sanitize.ts measures the worst shapes at these bounds). Posts from the editor are far
 * inside them: its deepest markup (lists in lists with formatting) is about 10 to 20 levels.
 */
export const BLOG_CONTENT_LIMITS = {
  /** Characters of HTML as sent (about 15,000 words of formatted text). */
  maxLength: 100_000,
  /** Elements open inside one another at any point. */
  maxDepth: 32,
  /** Characters of one link or picture address (`href`, `src`). */
  maxUrlLength: 2_048,
  /** Characters of the cleaned HTML that is stored (links gain rel and target when cleaned). */
  maxCleanLength: 200_000,
} as const;
