/**
 * A small in-memory cache for public list answers that many people read at once (the pending
 * requests, the published blogs, donor searches). Entries live `ttlMs`; concurrent misses for the
 * same key share one load (no stampede on the database when an entry expires); writes in this
 * process clear the cache at once, so only other instances can be up to `ttlMs` behind.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const t = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > t) return hit.value;
    if (this.entries.size >= this.maxEntries) this.evict(t);
    const value = load();
    const entry = { value, expires: t + this.ttlMs };
    this.entries.set(key, entry);
    // A failed load is not cached.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  private evict(t: number) {
    for (const [k, e] of this.entries) if (e.expires <= t) this.entries.delete(k);
    // Still full: drop the oldest (Map keeps insertion order).
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
