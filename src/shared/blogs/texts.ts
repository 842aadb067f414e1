// Blogs' messages (zod-free: the public blog pages and the editor show them).

import { BLOG_CONTENT_LIMITS } from './model';

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
  idOrStatus: 'Give either _id or status',
  publishedOnly: 'Only published blogs are public',
} as const;

const count = (n: number) => n.toLocaleString('en-US');

/** What the editor shows under the content field when a post is past one of those bounds. */
export const BLOG_CONTENT_MESSAGES = {
  tooLong: `The content is too long (at most ${count(BLOG_CONTENT_LIMITS.maxLength)} characters of HTML)`,
  tooDeep: `The content is nested too deeply (at most ${BLOG_CONTENT_LIMITS.maxDepth} levels of lists, quotes and formatting inside one another; often tags opened and never closed)`,
  urlTooLong: `A link or picture address in the content is too long (at most ${count(BLOG_CONTENT_LIMITS.maxUrlLength)} characters)`,
  cleanTooLong: `The content is too long once cleaned (at most ${count(BLOG_CONTENT_LIMITS.maxCleanLength)} characters of HTML)`,
} as const;
