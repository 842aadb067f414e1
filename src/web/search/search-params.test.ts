import { describe, expect, it } from 'vitest';
import { pageFromParams, withPage } from '../lib/page-param';
import { hasCriteria } from './api';
import { paramsFromSearch, searchFromParams } from './search-params';

describe('the donor search in the URL', () => {
  it('reads the spec codes and location ids, and round-trips', () => {
    const search = searchFromParams(new URLSearchParams('bloodGroup=AA&division=3&district=23&upazila=191'));
    expect(search).toEqual({ bloodGroup: 'AA', division: '3', district: '23', upazila: '191' });
    expect(paramsFromSearch(search).toString()).toBe('bloodGroup=AA&division=3&district=23&upazila=191');
  });

  it('ignores what it does not know, and children without their parent', () => {
    expect(searchFromParams(new URLSearchParams('bloodGroup=toString&division=x'))).toEqual({ bloodGroup: '', division: '', district: '', upazila: '' });
    expect(searchFromParams(new URLSearchParams('bloodGroup=A-&district=23&upazila=191'))).toEqual({ bloodGroup: 'A-', division: '', district: '', upazila: '' });
    expect(hasCriteria(searchFromParams(new URLSearchParams('')))).toBe(false);
  });

  it('keeps the page number sane', () => {
    expect(pageFromParams(new URLSearchParams('page=3'))).toBe(3);
    for (const bad of ['page=0', 'page=-2', 'page=1.5', 'page=abc', '']) expect(pageFromParams(new URLSearchParams(bad))).toBe(1);
    expect(withPage(new URLSearchParams('bloodGroup=AA&page=4'), 1).toString()).toBe('bloodGroup=AA');
    expect(withPage(new URLSearchParams('bloodGroup=AA'), 2).toString()).toBe('bloodGroup=AA&page=2');
  });
});
