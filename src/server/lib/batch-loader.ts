/**
 * Loads rows by key, one database round trip per event-loop turn instead of one per request: the
 * bearer guard's sessions with their users, matching's requests, the donor index's names.
 *
 * Every authenticated request must see the user as stored now (a block or a role change applies
 * to the very next request), so nothing is cached. What is shared is the round trip: the ids asked
 * for while the event loop handles one batch of incoming requests are read together by a single
 * `WHERE id = ANY($1)` query, sent in the `setImmediate` phase that follows. A load always joins a
 * batch that has not been sent yet, never a query already in flight, so the row it gets was read
 * after the request arrived: the same freshness as a query of its own.
 */
export type FetchRows<U> = (ids: string[]) => Promise<U[]>;

interface Waiter<U> {
  resolve: (user: U | undefined) => void;
  reject: (error: unknown) => void;
}

export class BatchLoader<U extends { id: string }> {
  private batch: Map<string, Waiter<U>[]> | null = null;

  constructor(
    private readonly fetchRows: FetchRows<U>,
    /** Largest number of distinct ids in one query; a larger batch is split. */
    private readonly maxBatch = 100,
    /** The key a row answers (its `id` unless told otherwise, e.g. a session id). */
    private readonly keyOf: (row: U) => string = (row) => row.id,
  ) {}

  load(id: string): Promise<U | undefined> {
    return new Promise((resolve, reject) => {
      if (!this.batch) {
        this.batch = new Map();
        setImmediate(() => this.dispatch());
      }
      const waiters = this.batch.get(id);
      if (waiters) waiters.push({ resolve, reject });
      else this.batch.set(id, [{ resolve, reject }]);
    });
  }

  private dispatch() {
    const batch = this.batch;
    this.batch = null;
    if (!batch) return;
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += this.maxBatch) {
      const chunk = ids.slice(i, i + this.maxBatch);
      this.fetchRows(chunk).then(
        (rows) => {
          const byId = new Map(rows.map((row) => [this.keyOf(row), row]));
          for (const id of chunk) for (const w of batch.get(id)!) w.resolve(byId.get(id));
        },
        (error: unknown) => {
          for (const id of chunk) for (const w of batch.get(id)!) w.reject(error);
        },
      );
    }
  }
}
