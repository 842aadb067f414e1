import sanitizeHtml from 'sanitize-html';
import { BLOG_EXCERPT_LENGTH } from '../../shared/blogs';
import { IMAGE_PATH_PATTERN } from '../../shared/images';

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

export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** The first 100 characters of the text, markup removed, whitespace collapsed. */
export function excerptOf(html: string): string {
  // Block ends become spaces so "<p>a</p><p>b</p>" reads "a b".
  const spaced = html.replace(/<(\/(p|h[1-6]|li|blockquote|pre)|br|hr)\b/gi, ' <$1');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&(amp|lt|gt|quot);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(text).slice(0, BLOG_EXCERPT_LENGTH).join('');
}

/** Plain text of sanitised content: empty means the post has nothing to read. */
export const hasText = (html: string) => excerptOf(html).length > 0 || /<img\b/i.test(html);
