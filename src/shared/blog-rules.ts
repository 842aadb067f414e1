// Texts and constants only (no zod), so the public blog pages can use them without loading the schema library.

/** The spec's texts (sections 5, 8), reproduced exactly. */
export const BLOG_MESSAGES = {
  thumbnailRequired: 'Thumbnail field is required',
  titleRequired: 'Name field is required',
  contentRequired: 'Content field is required',
  created: 'Blog Created Successfully',
  deleteTitle: 'Are you sure?',
  deleteText: "You won't be able to revert this!",
  addBlog: 'Add Blog',
  viewMore: 'View More',
  invalidTransition: 'This blog cannot move to that status',
  // Editing a post (issue 38): not in the spec.
  updated: 'Blog Updated Successfully',
  publishedAdminsOnly: 'Only an admin can edit a published blog',
  notFound: 'No such blog',
} as const;

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

const count = (n: number) => n.toLocaleString('en-US');

/** What the editor shows under the content field when a post is past one of those bounds. */
export const BLOG_CONTENT_MESSAGES = {
  tooLong: `The content is too long (at most ${count(BLOG_CONTENT_LIMITS.maxLength)} characters of HTML)`,
  tooDeep: `The content is nested too deeply (at most ${BLOG_CONTENT_LIMITS.maxDepth} levels of lists, quotes and formatting inside one another; often tags opened and never closed)`,
  urlTooLong: `A link or picture address in the content is too long (at most ${count(BLOG_CONTENT_LIMITS.maxUrlLength)} characters)`,
  cleanTooLong: `The content is too long once cleaned (at most ${count(BLOG_CONTENT_LIMITS.maxCleanLength)} characters of HTML)`,
} as const;
