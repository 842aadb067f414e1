import fc from 'fast-check';
import realSanitizeHtml from 'sanitize-html';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOG_CONTENT_LIMITS, BLOG_EXCERPT_LENGTH } from '../../shared/blogs/model';
import { BLOG_CONTENT_MESSAGES } from '../../shared/blogs/texts';
import { BlogContentError, excerptOf, prepareBlogContent, sanitizeBlogHtml } from './sanitize';

// sanitize-html as it is, counting its runs (how many times a post is cleaned).
const cleaner = vi.hoisted(() => ({ runs: 0 }));
vi.mock('sanitize-html', async (importOriginal) => {
  const real = ((await importOriginal()) as { default: typeof realSanitizeHtml }).default;
  const counted = (...args: Parameters<typeof realSanitizeHtml>) => {
    cleaner.runs++;
    return real(...args);
  };
  return { default: Object.assign(counted, real) };
});
beforeEach(() => {
  cleaner.runs = 0;
});

/** The excerpt as it was made before: the cleaned HTML cleaned a second time, down to its text. */
function doubleCleanExcerpt(html: string): string {
  const spaced = html.replace(/<(\/(p|h[1-6]|li|blockquote|pre)|br|hr)\b/gi, ' <$1');
  const text = realSanitizeHtml(spaced, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'iframe', 'object', 'template', 'title'],
  })
    .replace(/&(amp|lt|gt|quot);/g, (e) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' })[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(text).slice(0, BLOG_EXCERPT_LENGTH).join('');
}
/** Whether a post had something to read before: text, or one of our pictures. */
const hadText = (clean: string) => doubleCleanExcerpt(clean).length > 0 || /<img\b/i.test(clean);

const OWN_IMAGE = '/api/images/6f1c1d9e-5f57-4a5e-9d3c-2a1b0c9d8e7f';
const SAMPLES = [
  '<h2>One bag, three lives</h2><p>Every <strong>donation</strong> helps.</p>',
  '<p>a &amp; b</p><p>c&lt;d</p>',
  '<h1>Before you donate</h1><ul><li><p>Sleep well</p></li><li><p>Eat <em>iron-rich</em> food</p></li></ul><ol><li><p>Bring your ID</p></li></ol><p>See <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/guide?a=1&amp;b=2">the guide</a>.</p>',
  `<p>${'রক্ত দান করুন, জীবন বাঁচান। '.repeat(8)}</p>`,
  `<p>${'🩸'.repeat(99)}a🩸🩸</p>`,
  '<blockquote><p>“Blood is meant to circulate.”</p></blockquote><p>Share it&nbsp;&nbsp;today&hellip;</p>',
  '<pre><code>const  x = 1;\n\tif (x &lt; 2) { y(); }</code></pre><p>Code  with   spaces</p>',
  'line one<br>line two<br/>line three<hr>after the rule',
  '<p>Quotes: "double" and \'single\' and &quot;entity&quot; and &#39;numeric&#39; and &#x3C;hex&#x3E;</p>',
  `<p><img src="${OWN_IMAGE}" alt="A donor &amp; a nurse"></p><p>Our own picture.</p>`,
  `<img src="${OWN_IMAGE}">`,
  '<p>Tracker: <img src="https://tracker.example/p.gif"> gone</p>',
  '<script>alert("x")</script><style>p{color:red}</style><p>Only this</p><!-- a comment -->',
  '<div><span style="color:red">Pasted</span> from <font face="Arial">a word processor</font></div><table><tr><td>cell</td><td>cell 2</td></tr></table>',
  '<p>Unclosed <b>bold <i>italic<p>next paragraph',
  '<p>&lt;script&gt;alert(1)&lt;/script&gt; is text here, as is &amp;lt;</p>',
  '<svg><text>hidden</text></svg><math><mi>x</mi></math><p>after foreign content</p>',
  '<h3>Title</h3><h4>Sub</h4><p>A</p><p>B</p><li>stray item</li><h5>h5 is dropped</h5><h6>h6 too</h6>',
  '<p>Tabs\tand\nnew\r\nlines and \u00a0 non-breaking \u2003 em spaces</p>',
  '<p>   </p><p>\u200b</p>',
  '<a href="javascript:alert(1)">bad link text stays</a><a href="mailto:help@example.org">mail</a>',
  `<p>${'word '.repeat(30)}</p><p>beyond the excerpt</p>`,
  '<p>x &amp;amp; y &amp;quot; z</p>',
];

describe('the excerpt of cleaned HTML', () => {
  it.each(SAMPLES.map((s) => [s.slice(0, 60), s]))('equals what cleaning twice gave: %s', (_name, post) => {
    const clean = sanitizeBlogHtml(post);
    expect(excerptOf(clean)).toBe(doubleCleanExcerpt(clean));
    expect(prepareBlogContent(post) === 'empty').toBe(!hadText(clean));
  });

  it('keeps the shape: 100 characters, block ends as spaces, entities decoded, whitespace collapsed', () => {
    expect(excerptOf(sanitizeBlogHtml('<h2>A</h2><p>b &amp;  c</p><ul><li>d</li><li>e&lt;f</li></ul>'))).toBe('A b & c d e<f');
    // Characters, not UTF-16 units: no emoji is cut in half.
    expect(excerptOf(sanitizeBlogHtml(`<p>${'🩸'.repeat(150)}</p>`))).toBe('🩸'.repeat(BLOG_EXCERPT_LENGTH));
  });

  it('equals what cleaning twice gave on generated posts', () => {
    const tag = fc.constantFrom('p', 'b', 'i', 'strong', 'em', 'u', 's', 'h1', 'h2', 'h3', 'h5', 'li', 'ul', 'ol', 'blockquote', 'pre', 'code', 'div', 'span', 'table', 'td', 'script', 'style', 'svg', 'textarea', 'title', 'a', 'P', 'LI');
    const attribute = fc.constantFrom('', ' href="https://e.org/?a=1&b=<2>"', " title='x \"y\" <z>'", ' href=javascript:x', ` src="${OWN_IMAGE}"`, ' alt="a&amp;b"', ' onclick="x()"', ' class=c');
    const text = fc.constantFrom('a', 'বাংলা', '🩸', ' ', '  \n\t', '\u00a0', '&amp;', '&lt;', '&gt;', '&quot;', '&#60;', '&#x1F600;', '&nbsp;', '&hellip;', '&bogus;', '&', '<', '>', '"', "'", '< b', 'x>y', '<!-- c -->', '<!doctype html>', ']]>', '\u0000');
    const token = fc.oneof(
      text,
      fc.tuple(tag, attribute).map(([t, a]) => `<${t}${a}>`),
      tag.map((t) => `</${t}>`),
      fc.constantFrom('<br>', '<br/>', '<hr>', `<img src="${OWN_IMAGE}" alt="x>y">`, '<img src="https://e.org/x.png">', '<p/>', '</br>', '</p>'),
    );
    // At most 30 tokens: never deeper than the bound.
    const post = fc.array(token, { maxLength: 30 }).map((t) => t.join(''));
    fc.assert(
      fc.property(post, (html) => {
        const clean = sanitizeBlogHtml(html);
        expect(excerptOf(clean)).toBe(doubleCleanExcerpt(clean));
        expect(prepareBlogContent(html) === 'empty').toBe(!hadText(clean));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('preparing a post', () => {
  it('cleans it once: the excerpt is read from the cleaned HTML', () => {
    const post = `${SAMPLES[2]}${SAMPLES[3]}`;
    const prepared = prepareBlogContent(post);
    expect(cleaner.runs).toBe(1);
    expect(prepared).toEqual({ content: sanitizeBlogHtml(post), excerpt: doubleCleanExcerpt(sanitizeBlogHtml(post)) });
  });

  const refusal = (html: string) => {
    try {
      prepareBlogContent(html);
    } catch (error) {
      if (error instanceof BlogContentError) return error.problem;
      throw error;
    }
    return null;
  };
  const depth = BLOG_CONTENT_LIMITS.maxDepth;

  it(`refuses elements nested deeper than ${depth}, counting every element the parser opens`, () => {
    expect(refusal(`${'<b>'.repeat(depth)}x${'</b>'.repeat(depth)}`)).toBeNull();
    expect(refusal(`${'<b>'.repeat(depth + 1)}x${'</b>'.repeat(depth + 1)}`)).toBe('tooDeep');
    // Tags never closed stay open; elements the cleaner drops count too.
    expect(refusal(`${'<b>x'.repeat(depth + 1)}`)).toBe('tooDeep');
    expect(refusal(`${'<div>'.repeat(depth)}<p>x</p>`)).toBe('tooDeep');
    expect(refusal(`<ul>${'<li><ul>'.repeat(depth / 2)}<li>x`)).toBe('tooDeep');
    // The 60,000 nested <b> of the issue, as much as the input bound holds: stopped at once.
    expect(refusal(`${'<b>'.repeat(Math.floor(BLOG_CONTENT_LIMITS.maxLength / 3) - 1)}x`)).toBe('tooDeep');
    expect(cleaner.runs).toBe(6);
  });

  it('does not count what closes itself: void elements, implied ends, siblings', () => {
    const many = 10 * depth;
    for (const html of ['<p>x</p>'.repeat(many), '<p>x'.repeat(many), `<ul>${'<li>x'.repeat(many)}</ul>`, `x${'<br>'.repeat(many)}`, `x${'<hr/>'.repeat(many)}`, `${'<b>x</b>'.repeat(many)}`]) {
      expect(refusal(html)).toBeNull();
    }
  });

  it(`refuses a link or picture address over ${BLOG_CONTENT_LIMITS.maxUrlLength} characters`, () => {
    const url = (n: number) => `https://example.org/${'a'.repeat(n - 20)}`;
    expect(url(BLOG_CONTENT_LIMITS.maxUrlLength)).toHaveLength(BLOG_CONTENT_LIMITS.maxUrlLength);
    expect(refusal(`<a href="${url(BLOG_CONTENT_LIMITS.maxUrlLength)}">x</a>`)).toBeNull();
    expect(refusal(`<a href="${url(BLOG_CONTENT_LIMITS.maxUrlLength + 1)}">x</a>`)).toBe('urlTooLong');
    expect(refusal(`<p>x</p><img src="x${'<!---->'.repeat(BLOG_CONTENT_LIMITS.maxUrlLength / 7 + 1)}">`)).toBe('urlTooLong');
    // Addresses the cleaner drops unread cost nothing: no reason to refuse them.
    expect(refusal(`<p>x</p><link href="${url(3 * BLOG_CONTENT_LIMITS.maxUrlLength)}"><p src="${url(3 * BLOG_CONTENT_LIMITS.maxUrlLength)}">y</p>`)).toBeNull();
  });

  it(`refuses cleaned HTML over ${BLOG_CONTENT_LIMITS.maxCleanLength} characters and input over ${BLOG_CONTENT_LIMITS.maxLength}`, () => {
    // Each bare link gains rel and target when cleaned (8 characters become 59): 32 KB becomes 236 KB.
    const links = '<a>x</a>'.repeat(4_000);
    expect(links.length).toBeLessThan(BLOG_CONTENT_LIMITS.maxLength);
    expect(refusal(links)).toBe('cleanTooLong');
    expect(refusal('x'.repeat(BLOG_CONTENT_LIMITS.maxLength))).toBeNull();
    expect(refusal('x'.repeat(BLOG_CONTENT_LIMITS.maxLength + 1))).toBe('tooLong');
  });

  it('says why, in the shared texts', () => {
    expect(new BlogContentError('tooDeep').message).toBe(BLOG_CONTENT_MESSAGES.tooDeep);
    expect(BLOG_CONTENT_MESSAGES.tooDeep).toContain(String(depth));
  });
});
