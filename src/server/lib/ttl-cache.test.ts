import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('serves from memory until the entry expires', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<number>(1000, 10, () => now);
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    now = 999;
    expect(await cache.get('a', load)).toBe(1);
    now = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load among concurrent misses', async () => {
    let loads = 0;
    const cache = new TtlCache<number>(1000);
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', async () => ++loads)));
    expect(new Set(results)).toEqual(new Set([1]));
    expect(loads).toBe(1);
  });

  it('does not keep a failed load, and clear() forgets everything', async () => {
    const cache = new TtlCache<number>(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 7)).toBe(7);
    cache.clear();
    expect(await cache.get('k', async () => 8)).toBe(8);
  });

  it('stays within its size', async () => {
    const cache = new TtlCache<number>(60_000, 3);
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => i);
    expect(await cache.get('k9', async () => -1)).toBe(9);
    expect(await cache.get('k0', async () => -1)).toBe(-1);
  });
});
