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
} as const;

/** A blog's excerpt: the first this many characters of its text (the /blog cards add "..."). */
export const BLOG_EXCERPT_LENGTH = 100;

/** Blogs per page on /blog. */
export const BLOG_PAGE_SIZE = 9;

/** What the web asks GET /blog for one page of /blog (the server announces page 1's fetch in the page's HTML). */
export const publishedBlogsArgs = (page: number) => ({ status: 'published' as const, page, limit: BLOG_PAGE_SIZE });
