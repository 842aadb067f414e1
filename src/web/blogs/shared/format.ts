const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** "5 March 2026": the day a blog was written. */
export const formatBlogDate = (iso: string) => dateFormat.format(new Date(iso));

/** How each blog status reads on the content page, and its badge colour. */
export const STATUS_LABELS = { draft: 'Draft', published: 'Published', unpublish: 'Unpublished' } as const;
