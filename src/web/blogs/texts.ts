import { BLOG_MESSAGES } from '../../shared/blogs/texts';
import { PAGE_HEADINGS } from '../../shared/site/texts';
import { fill, i18n, plural } from '../i18n';
import { STATUS_LABELS } from './shared/format';

// The blog pages in English (issue 16): the public list and article, the content page, the
// editor. The specification's texts come from src/shared/blogs/texts.ts unchanged; the Bangla
// catalogue is src/web/blogs/texts.bn.ts. Zod-free: the public pages import it.

const CONTENT_MANAGEMENT = 'Content Management';

export const BLOGS_TEXTS = {
  /** The status badges and filter (the stored values are the spec's: draft, published, unpublish). */
  'blogs/status': { ...STATUS_LABELS, all: 'All' },
  'blogs/list': {
    heading: PAGE_HEADINGS.blog,
    intro: 'Stories from donors and recipients, and practical advice about giving blood safely.',
    loading: 'Loading blog posts…',
    loadFailed: 'The blog posts could not be loaded.',
    tryAgain: 'Try again',
    emptyPage: 'There are no blog posts on this page.',
    none: 'No blog posts have been published yet. Please check back soon.',
    pages: 'Blog pages',
    viewMore: BLOG_MESSAGES.viewMore,
  },
  'blogs/post': {
    heading: PAGE_HEADINGS.viewBlog,
    loading: 'Loading the blog post…',
    notFound: 'Blog post not found',
    notFoundText: 'This post does not exist or is not published. It may have been taken down, or the link may be wrong.',
    loadFailed: 'The blog post could not be loaded',
    tryAgain: 'Try again',
    back: 'Back to all blog posts',
    previewDraft: 'Preview: this post is draft, so only staff can see it.',
    previewPublished: 'Preview: this post is published, so only staff can see it.',
    previewUnpublish: 'Preview: this post is unpublished, so only staff can see it.',
  },
  'blogs/manage': {
    heading: CONTENT_MANAGEMENT,
    addBlog: BLOG_MESSAGES.addBlog,
    introAdmin: 'New posts start as drafts. Publish a post to show it on the blog; unpublish it to take it down.',
    introVolunteer: 'New posts start as drafts; an admin reviews and publishes them.',
    status: 'Status',
    count: plural({ one: '{count} blog', other: '{count} blogs' }),
    loading: 'Loading blogs…',
    loadFailed: 'The blogs could not be loaded.',
    tryAgain: 'Try again',
    firstPage: 'Nothing on this page: go to the first page',
    noneAll: 'No blogs yet. Write the first one with Add Blog.',
    noneDraft: 'No draft blogs.',
    nonePublished: 'No published blogs.',
    noneUnpublish: 'No unpublished blogs.',
    pages: 'Blog list pages',
  },
  'blogs/item': {
    statusPrefix: 'Status: ',
    publish: 'Publish',
    unpublish: 'Unpublish',
    toDraft: 'Move to draft',
    published: fill('“{title}” is published'),
    unpublished: fill('“{title}” is unpublished'),
    drafted: fill('“{title}” is back to draft'),
    deleted: fill('“{title}” is deleted'),
    deleteTitle: BLOG_MESSAGES.deleteTitle,
    deleteText: BLOG_MESSAGES.deleteText,
    confirmDelete: 'Yes, delete it!',
    cancel: 'Cancel',
    delete: 'Delete',
    edit: 'Edit',
    failed: 'Something went wrong',
  },
  'blogs/add': {
    heading: BLOG_MESSAGES.addBlog,
    back: `Back to ${CONTENT_MANAGEMENT}`,
    intro: `The post is saved as a draft. An admin publishes it from ${CONTENT_MANAGEMENT}.`,
    thumbnail: 'Thumbnail',
    title: 'Title',
    content: 'Content',
    contentHint: 'Use the toolbar for headings, bold, italic, lists, links and pictures. In the toolbar, the arrow keys move between buttons.',
    createFailed: 'The blog could not be created',
    failure: fill('The blog could not be created: {reason}'),
    submit: 'Create Blog',
    created: BLOG_MESSAGES.created,
  },
  /** Editing a post (issue 38); the form's own labels are those of 'blogs/add'. */
  'blogs/edit': {
    heading: 'Edit Blog',
    back: `Back to ${CONTENT_MANAGEMENT}`,
    keepsStatus: fill('Status: {status}. Saving your changes does not change it.'),
    adminsOnly: BLOG_MESSAGES.publishedAdminsOnly,
    loading: 'Loading the blog post…',
    loadFailed: 'The blog post could not be loaded.',
    notFound: 'This blog post does not exist.',
    tryAgain: 'Try again',
    submit: 'Save changes',
    updateFailed: 'The blog could not be saved',
    failure: fill('The blog could not be saved: {reason}'),
    updated: BLOG_MESSAGES.updated,
  },
  'blogs/editor': {
    formatting: 'Formatting',
    heading2: 'Heading 2',
    heading3: 'Heading 3',
    bold: 'Bold',
    italic: 'Italic',
    bulletList: 'Bullet list',
    numberedList: 'Numbered list',
    link: 'Link',
    image: 'Insert image',
    undo: 'Undo',
    redo: 'Redo',
    withShortcut: fill('{label} ({shortcut})'),
    linkPrompt: fill('Link address (for example {example}). Leave empty to remove the link.'),
    altPrompt: 'Describe the picture for readers who cannot see it (optional)',
    uploadFailed: 'The picture could not be uploaded',
    uploadFailedWith: fill('The picture could not be uploaded: {reason}'),
  },
};

export const blogStatusText = i18n('blogs/status', BLOGS_TEXTS['blogs/status']);
export const blogListText = i18n('blogs/list', BLOGS_TEXTS['blogs/list']);
export const blogPostText = i18n('blogs/post', BLOGS_TEXTS['blogs/post']);
export const blogManageText = i18n('blogs/manage', BLOGS_TEXTS['blogs/manage']);
export const blogItemText = i18n('blogs/item', BLOGS_TEXTS['blogs/item']);
export const addBlogText = i18n('blogs/add', BLOGS_TEXTS['blogs/add']);
export const editorText = i18n('blogs/editor', BLOGS_TEXTS['blogs/editor']);
export const editBlogText = i18n('blogs/edit', BLOGS_TEXTS['blogs/edit']);
