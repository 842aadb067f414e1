/**
 * `npx tsx bench/sanitize.ts`: how long one blog create spends on its content (cleaning, the
 * excerpt and the text check: all synchronous, so this is how long it holds the event loop), on
 * adversarial inputs built at the bounds of BLOG_CONTENT_LIMITS (src/shared/blogs/model.ts), and on the
 * issue's post past them. Prints each input's slowest and median run and the worst of all; exits 1
 * when that exceeds BENCH_SANITIZE_BUDGET_MS (default 100).
 *
 * BENCH_SANITIZE_RUNS: timed runs per input after one warm-up (default 5).
 * BENCH_SANITIZE_MAX_INPUT: build the inputs to another length than the input bound (inputs longer
 * than the bound are then refused at once: change the bound too to time them).
 */
import { performance } from 'node:perf_hooks';
import { prepareBlogContent } from '../src/server/blogs/sanitize';
import { BLOG_CONTENT_LIMITS } from '../src/shared/blogs/model';

const RUNS = Number(process.env.BENCH_SANITIZE_RUNS ?? 5);
const BUDGET_MS = Number(process.env.BENCH_SANITIZE_BUDGET_MS ?? 100);
/** The bounds the inputs are built at (BENCH_SANITIZE_MAX_INPUT to try another input bound). */
const MAX_INPUT = Number(process.env.BENCH_SANITIZE_MAX_INPUT ?? BLOG_CONTENT_LIMITS.maxLength);
const MAX_DEPTH = BLOG_CONTENT_LIMITS.maxDepth;
const MAX_URL = BLOG_CONTENT_LIMITS.maxUrlLength;

/** What POST /api/blog does with the content before it writes (a refusal throws). */
function prepare(html: string): string {
  const prepared = prepareBlogContent(html);
  return prepared === 'empty' ? 'refused: no text' : `ok, ${prepared.content.length} chars`;
}

/** `unit` repeated to fill `size` characters (after `prefix`, before `suffix`). */
function fill(unit: string, size = MAX_INPUT, prefix = '', suffix = ''): string {
  const n = Math.floor((size - prefix.length - suffix.length) / unit.length);
  return prefix + unit.repeat(Math.max(0, n)) + suffix;
}
const OWN_IMAGE = '/api/images/6f1c1d9e-5f57-4a5e-9d3c-2a1b0c9d8e7f';
const nest = (open: string, close: string, depth: number, inner: string) => open.repeat(depth) + inner + close.repeat(depth);
const mixedOpen = (depth: number) => Array.from({ length: depth }, (_, i) => ['<ul>', '<li>', '<blockquote>', '<strong>', '<em>', '<div>', '<span>', '<a href="https://example.org/">'][i % 8]).join('');
const mixedClose = (depth: number) => Array.from({ length: depth }, (_, i) => ['</ul>', '</li>', '</blockquote>', '</strong>', '</em>', '</div>', '</span>', '</a>'][i % 8]).reverse().join('');
const deepBlock = nest('<b>', '</b>', MAX_DEPTH - 1, 'x');
const mixedBlock = mixedOpen(MAX_DEPTH - 1) + 'x' + mixedClose(MAX_DEPTH - 1);
const manyAttributes = (n: number, name = (i: number) => `a${i}`) => Array.from({ length: n }, (_, i) => ` ${name(i)}="v"`).join('');

const commentUrl = (size: number) => `x${'<!---->'.repeat(Math.floor((size - 1) / 7))}`;
const typical =
  '<h2>Title</h2><p>Some <strong>bold</strong> and <em>em</em> text with a <a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org">link</a>.</p><ul><li><p>item</p></li></ul>';

/** [name, html, over the input bound on purpose]. */
const inputs: [string, string, boolean?][] = [
  ['issue: 60,000 nested <b> (180 KB)', '<b>'.repeat(60_000) + 'x', true],
  ['nested <b> to the input bound', fill('<b>')],
  ['a full post, then nesting past the depth bound', fill(typical, MAX_INPUT - 4 * MAX_DEPTH) + '<b>'.repeat(MAX_DEPTH + 1)],
  ['nested <b> just under the depth bound, long text', nest('<b>', '</b>', MAX_DEPTH - 1, 'x'.repeat(MAX_INPUT - 7 * (MAX_DEPTH - 1)))],
  ['nested <b> just under the depth bound, repeated', fill(deepBlock)],
  ['mixed nesting just under the depth bound, repeated', fill(mixedBlock)],
  ['mixed nesting under the bound, text at every level', fill(mixedOpen(MAX_DEPTH - 1).replace(/>/g, '>t') + mixedClose(MAX_DEPTH - 1))],
  ['<p> repeated (implied closes)', fill('<p>')],
  ['<p>x left open (implied closes)', fill('<p>x')],
  ['<li>x left open (implied closes)', fill('<li>x')],
  ['<b>x</b> repeated', fill('<b>x</b>')],
  ['<br> repeated', fill('<br>')],
  ['<a></a> repeated (grows 8x)', fill('<a></a>')],
  ['<a>x</a> repeated', fill('<a>x</a>')],
  ['<a href title>x</a> repeated', fill('<a href="https://example.org/a" title="t">x</a>')],
  ['unknown tags <x></x> repeated', fill('<x></x>')],
  ['foreign <img> repeated', fill('x<img src=x>')],
  ['half text, then foreign <img>s', fill('<img src=x>', MAX_INPUT, 'x'.repeat(MAX_INPUT / 2))],
  ['our own <img> repeated', fill(`<img src="${OWN_IMAGE}" alt="a">`)],
  ['one tag, attributes to the input bound', fill(' a="v"', MAX_INPUT, '<p', '>x</p>')],
  ['one <a>, distinct attributes to the input bound', `<a${manyAttributes(Math.floor(MAX_INPUT / 11))}>x</a>`.slice(0, MAX_INPUT)],
  ['<a> with an href past the bound', `<a href="https://e.org/${'a'.repeat(MAX_INPUT - 40)}">x</a>`],
  ['<a> with an href at the bound, repeated', fill(`<a href="https://e.org/${'a'.repeat(MAX_URL - 16)}">x</a>`)],
  ['<a> href full of comments past the bound', `<a href="${commentUrl(MAX_INPUT - 20)}">x</a>`],
  ['<a> href full of comments at the bound, repeated', fill(`<a href="${commentUrl(MAX_URL)}">x</a>`)],
  ['<img> src full of comments at the bound, repeated', fill(`<img src="${commentUrl(MAX_URL)}">`)],
  ['<a> href full of spaces at the bound, repeated', fill(`<a href="java${' '.repeat(MAX_URL - 20)}script:x">x</a>`)],
  ['many entities &amp;', fill('&amp;')],
  ['many numeric entities', fill('&#x1F600;')],
  ['many &lt;b&gt;', fill('&lt;b&gt;')],
  ['long text', 'x'.repeat(MAX_INPUT)],
  ['long Bangla text', fill('রক্ত ')],
  ['whitespace only + a letter', ' '.repeat(MAX_INPUT - 1) + 'x'],
  ['comments repeated', fill('<!-- x -->')],
  ['one big <script>', `<script>${'x'.repeat(MAX_INPUT - 20)}</script>`],
  ['<script></script> repeated', fill('<script></script>x')],
  ['typical editor post at the input bound', fill(typical)],
];

const results: { name: string; length: number; outcome: string; median: number; max: number }[] = [];
for (const [name, html, over] of inputs) {
  if (html.length > MAX_INPUT && !over) throw new Error(`${name}: ${html.length} characters, over the bound`);
  const times: number[] = [];
  let outcome = '';
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    try {
      outcome = prepare(html);
    } catch (e) {
      outcome = `refused: ${(e as Error).message}`;
    }
    if (i > 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  results.push({ name, length: html.length, outcome, median: times[Math.floor(times.length / 2)]!, max: times.at(-1)! });
  const r = results.at(-1)!;
  console.log(`${r.max.toFixed(1).padStart(8)} ms max ${r.median.toFixed(1).padStart(8)} ms median  ${String(r.length).padStart(7)} chars  ${name}: ${outcome.slice(0, 70)}`);
}
const worst = results.reduce((a, b) => (b.max > a.max ? b : a));
console.log(`\nworst: ${worst.max.toFixed(1)} ms (median ${worst.median.toFixed(1)} ms) on "${worst.name}"`);
if (worst.max > BUDGET_MS) {
  console.log(`over the ${BUDGET_MS} ms budget`);
  process.exitCode = 1;
}
