/**
 * Loads rows by key with few database round trips: the bearer guard's sessions with their users,
 * requests by id.
 *
 * Every authenticated request must see the user as stored now (a block or a role change applies
 * to the very next request), so nothing is cached. What is shared is the round trip: the ids asked
 * for while no batch of this loader is in flight are read together by one `WHERE id = ANY($1)`
 * query, sent in the `setImmediate` phase that follows; the ids asked for while one is in flight
 * wait for it to finish and go together in the next. Under load that makes one query serve many
 * requests instead of the few that arrived in the same event-loop turn (and PostgreSQL is spared
 * the rest); with nothing in flight a load is sent at the end of the turn as before. A load always
 * joins a batch that has not been sent yet, never a query already in flight, so the row it gets
 * was read after the request arrived: the same freshness as a query of its own.
 */
export type FetchRows<U> = (ids: string[]) => Promise<U[]>;

interface Waiter<U> {
  resolve: (user: U | undefined) => void;
  reject: (error: unknown) => void;
}

export class BatchLoader<U extends { id: string }> {
  /** Ids asked for and not sent yet, with who waits for each. */
  private waiting = new Map<string, Waiter<U>[]>();
  private scheduled = false;
  private inFlight = false;

  constructor(
    private readonly fetchRows: FetchRows<U>,
    /** Largest number of distinct ids in one query; a larger batch is split (its queries go together). */
    private readonly maxBatch = 100,
    /** The key a row answers (its `id` unless told otherwise, e.g. a session id). */
    private readonly keyOf: (row: U) => string = (row) => row.id,
  ) {}

  load(id: string): Promise<U | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(id);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(id, [{ resolve, reject }]);
      this.schedule();
    });
  }

  /** Sends the waiting ids at the end of this turn, unless a batch is in flight (its end sends them). */
  private schedule() {
    if (this.scheduled || this.inFlight || this.waiting.size === 0) return;
    this.scheduled = true;
    setImmediate(() => this.dispatch());
  }

  private dispatch() {
    this.scheduled = false;
    const batch = this.waiting;
    this.waiting = new Map();
    this.inFlight = true;
    const ids = [...batch.keys()];
    const queries: Promise<void>[] = [];
    for (let i = 0; i < ids.length; i += this.maxBatch) {
      const chunk = ids.slice(i, i + this.maxBatch);
      queries.push(
        Promise.resolve()
          .then(() => this.fetchRows(chunk))
          .then(
            (rows) => {
              const byKey = new Map(rows.map((row) => [this.keyOf(row), row]));
              for (const id of chunk) for (const w of batch.get(id)!) w.resolve(byKey.get(id));
            },
            (error: unknown) => {
              for (const id of chunk) for (const w of batch.get(id)!) w.reject(error);
            },
          ),
      );
    }
    void Promise.all(queries).then(() => {
      this.inFlight = false;
      // The ids that came in meanwhile (and those the answered requests ask for next) go together.
      this.schedule();
    });
  }
}
