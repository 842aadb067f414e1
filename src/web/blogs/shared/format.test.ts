import { describe, expect, it } from 'vitest';
import { BLOG_EXCERPT_LENGTH } from '../../../shared/blogs/model';
import { blogPreview } from './format';

// Issue 16: a blog card's preview keeps the 100-character rule, without a space before the dots
// or half a word.

describe('a blog card preview', () => {
  it('adds "..." to a short excerpt as it is', () => {
    expect(blogPreview('Short notes for donors.')).toBe('Short notes for donors....');
  });

  it('leaves no space before the dots when the cut fell after a word', () => {
    const excerpt = `${'word '.repeat(20)}`.slice(0, BLOG_EXCERPT_LENGTH);
    expect(excerpt.endsWith(' ')).toBe(true);
    expect(blogPreview(excerpt)).toBe(`${'word '.repeat(19)}word...`);
  });

  it('goes back to the last whole word when the cut fell inside one', () => {
    const excerpt = `${'a'.repeat(94)} before you`.slice(0, BLOG_EXCERPT_LENGTH);
    expect(excerpt.endsWith(' befor')).toBe(true);
    expect(blogPreview(excerpt)).toBe(`${'a'.repeat(94)}...`);
  });

  it('keeps a single long word, and counts characters, not UTF-16 units', () => {
    expect(blogPreview('x'.repeat(BLOG_EXCERPT_LENGTH))).toBe(`${'x'.repeat(BLOG_EXCERPT_LENGTH)}...`);
    const bangla = `${'রক্তদান '.repeat(20)}`;
    const cut = Array.from(bangla).slice(0, BLOG_EXCERPT_LENGTH).join('');
    expect(blogPreview(cut)).toMatch(/রক্তদান\.\.\.$/);
    expect(blogPreview(cut)).not.toMatch(/\s\.\.\.$/);
  });
});
