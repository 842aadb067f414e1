import { batched } from './batched';

/**
 * Loads rows by key with few database round trips: the bearer guard's sessions with their users,
 * requests by id.
 *
 * Every authenticated request must see the user as stored now (a block or a role change applies
 * to the very next request), so nothing is cached. What is shared is the round trip: the ids asked
 * for together are read by one `WHERE id = ANY($1)` query, each id once (batched.ts: those asked
 * for while a query is in flight go together in the next, and never join one already sent, so the
 * row a load gets was read after the request arrived).
 */
export type FetchRows<U> = (ids: string[]) => Promise<U[]>;

export class BatchLoader<U extends { id: string }> {
  readonly load: (id: string) => Promise<U | undefined>;

  constructor(
    fetchRows: FetchRows<U>,
    /** Largest number of distinct ids in one query; a larger batch is split (its queries go together). */
    maxBatch = 100,
    /** The key a row answers (its `id` unless told otherwise, e.g. a session id). */
    keyOf: (row: U) => string = (row) => row.id,
  ) {
    this.load = batched(async (ids: readonly string[]) => {
      const distinct = [...new Set(ids)];
      const chunks: string[][] = [];
      for (let i = 0; i < distinct.length; i += maxBatch) chunks.push(distinct.slice(i, i + maxBatch));
      const rows = (await Promise.all(chunks.map((chunk) => fetchRows(chunk)))).flat();
      const byKey = new Map(rows.map((row) => [keyOf(row), row]));
      return ids.map((id) => byKey.get(id));
    });
  }
}
