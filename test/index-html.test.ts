import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE_NAME } from '../src/shared/site';

const html = readFileSync(path.resolve(import.meta.dirname, '../src/web/index.html'), 'utf8');

describe('index.html', () => {
  it('paints a shell with the site name inside #root, for React to replace', () => {
    const root = /<div id="root">([^]*?)\n {4}<\/div>\n/.exec(html)?.[1] ?? '';
    expect(root).toContain(`<span>${SITE_NAME}</span>`);
    expect(root).toContain('role="status"');
    expect(root).not.toMatch(/<script/);
  });

  it('has no inline script (the Content-Security-Policy allows none)', () => {
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});
