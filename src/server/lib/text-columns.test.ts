import { describe, expect, it } from 'vitest';
import { TextColumns } from './text-columns';

describe('TextColumns', () => {
  it('answers what was written last for every slot, through rewrites, clears, growth and copies', () => {
    const columns = new TextColumns(3);
    const expected = new Map<number, (string | null)[]>();
    let seed = 11;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const words = ['', 'Rahim', 'রহিম উদ্দিন', 'a@example.com', 'https://example.com/p/1.webp', 'x'.repeat(300), null];
    for (let i = 0; i < 20_000; i++) {
      const slot = Math.floor(rand() * 3000);
      if (rand() < 0.1) {
        columns.clear(slot);
        expected.delete(slot);
      } else {
        const texts = [0, 1, 2].map(() => words[Math.floor(rand() * words.length)]!);
        columns.set(slot, texts);
        expected.set(slot, texts);
      }
    }
    for (let slot = 0; slot < 5000; slot++) {
      for (let f = 0; f < 3; f++) expect(columns.get(slot, f)).toBe(expected.get(slot)?.[f] ?? null);
    }
    // Old bytes were reclaimed: what is held is what is live.
    const live = [...expected.values()].flat().reduce((n, t) => n + (t === null ? 0 : Buffer.byteLength(t)), 0);
    expect(columns.liveBytes).toBe(live);
    // Rewrites do not grow it without bound: at most twice what is live, and the first 64 KB.
    expect(columns.capacity).toBeLessThanOrEqual(Math.max(2 * live, 1 << 16));
  });

  it('reads a slot never written, or past the end, as nulls', () => {
    const columns = new TextColumns(2);
    columns.set(5, ['a', null]);
    expect([columns.get(5, 0), columns.get(5, 1), columns.get(4, 0), columns.get(99_999, 1)]).toEqual(['a', null, null, null]);
  });
});
