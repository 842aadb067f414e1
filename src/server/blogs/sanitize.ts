import sanitizeHtml from 'sanitize-html';
import { BLOG_CONTENT_LIMITS, BLOG_EXCERPT_LENGTH } from '../../shared/blogs/model';
import { BLOG_CONTENT_MESSAGES } from '../../shared/blogs/texts';
import { IMAGE_PATH_PATTERN } from '../../shared/images/model';

/**
 * The allow-list for blog content: formatting, lists, links and our own images. Scripts, styles,
 * event handlers, `javascript:`/`data:` URLs, SVG, iframes and forms never survive.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'blockquote', 'img', 'code', 'pre', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'iframe', 'object', 'template', 'title'],
  transformTags: {
    // Links open safely in a new tab and pass no ranking or referrer.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } }),
    b: 'strong',
    i: 'em',
  },
  allowedSchemesByTag: { img: [] },
  // Images only from our own upload endpoint (no tracking pixels, no mixed content).
  exclusiveFilter: (frame) => frame.tag === 'img' && !IMAGE_PATH_PATTERN.test(frame.attribs.src ?? ''),
};

/** A post past one of BLOG_CONTENT_LIMITS: its message is for the author (400 on `body.content`). */
export class BlogContentError extends Error {
  constructor(readonly problem: keyof typeof BLOG_CONTENT_MESSAGES) {
    super(BLOG_CONTENT_MESSAGES[problem]);
    this.name = 'BlogContentError';
  }
}

/**
 * The allow-listed HTML of a post. Throws BlogContentError as soon as the parser (sanitize-html's
 * own, so it counts exactly the elements the cleaner sees, implied ends included) opens an element
 * deeper than BLOG_CONTENT_LIMITS.maxDepth or meets an over-long link or picture address: both
 * make the cleaner's work grow faster than the input (its stack, each link's address clean-up),
 * and stopping there costs no more than cleaning a post within the bounds.
 */
export function sanitizeBlogHtml(html: string): string {
  let depth = 0;
  return sanitizeHtml(html, {
    ...OPTIONS,
    onOpenTag: (name, attribs) => {
      if (++depth > BLOG_CONTENT_LIMITS.maxDepth) throw new BlogContentError('tooDeep');
      // The addresses the cleaner checks (its clean-up of one is slow when long); it drops others unread.
      const url = name === 'a' ? attribs.href : name === 'img' ? attribs.src : undefined;
      if (url !== undefined && url.length > BLOG_CONTENT_LIMITS.maxUrlLength) throw new BlogContentError('urlTooLong');
    },
    onCloseTag: () => {
      depth--;
    },
  }).trim();
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * The first 100 characters of the text of cleaned HTML (what sanitizeBlogHtml returns), markup
 * removed, whitespace collapsed. Cleaned HTML escapes every `<` and `>` outside tags (in text and
 * attribute values alike) and uses no entities but these four, so dropping `<...>` and decoding
 * them reads its text exactly as cleaning it a second time did (sanitize.test.ts compares the two),
 * in a few linear passes.
 */
export function excerptOf(cleanHtml: string): string {
  // Block ends become spaces so "<p>a</p><p>b</p>" reads "a b".
  const text = cleanHtml
    .replace(/<(\/(p|h[1-6]|li|blockquote|pre)|br|hr)\b/gi, ' <$1')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
  // 100 code points fit in 200 UTF-16 units: no need to split the whole text.
  return Array.from(text.slice(0, 2 * BLOG_EXCERPT_LENGTH)).slice(0, BLOG_EXCERPT_LENGTH).join('');
}

/**
 * What a new post stores: its content cleaned once, and the excerpt read from that. Throws
 * BlogContentError past the bounds, and returns `empty` when nothing is left to read.
 */
export function prepareBlogContent(html: string): { content: string; excerpt: string } | 'empty' {
  // The route's schema refuses these first; this keeps the bound for any other caller.
  if (html.length > BLOG_CONTENT_LIMITS.maxLength) throw new BlogContentError('tooLong');
  const content = sanitizeBlogHtml(html);
  if (content.length > BLOG_CONTENT_LIMITS.maxCleanLength) throw new BlogContentError('cleanTooLong');
  const excerpt = excerptOf(content);
  // Plain text, or at least one picture (only our own survive cleaning).
  if (excerpt.length === 0 && !/<img\b/i.test(content)) return 'empty';
  return { content, excerpt };
}
