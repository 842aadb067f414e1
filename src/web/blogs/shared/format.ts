import { BLOG_EXCERPT_LENGTH } from '../../../shared/blogs/model';

/** How each blog status reads on the content page (English; Bangla in ./texts.bn.ts). */
export const STATUS_LABELS = { draft: 'Draft', published: 'Published', unpublish: 'Unpublished' } as const;

/**
 * A card's preview: the 100-character excerpt and "...", never with a space before the dots nor a
 * word cut in half. An excerpt that fills all 100 characters was cut: it goes back to the last
 * whole word (a single long word stays as it is).
 */
export function blogPreview(excerpt: string): string {
  let text = excerpt;
  const cut = Array.from(excerpt).length >= BLOG_EXCERPT_LENGTH;
  if (cut && !/\s$/.test(text)) {
    const lastSpace = text.search(/\s\S*$/);
    if (lastSpace > 0) text = text.slice(0, lastSpace);
  }
  return `${text.trimEnd()}...`;
}
