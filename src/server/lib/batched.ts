/**
 * Batches the calls that arrive together (issue 31: one helper for the pattern the row loader,
 * the rate-limit counts and the write announcements share). The items added while no batch is in
 * flight are sent together at the end of this event-loop turn (`setImmediate`); those added while
 * one is in flight wait for it to finish and go together in the next. Under load one round trip
 * then serves many calls; with nothing in flight an item is sent at the end of its turn. An item
 * always joins a batch not sent yet, never one already in flight, so what it gets was read (or
 * written) after it was added: the freshness of a call of its own.
 *
 * `send` answers one result per item, in the items' order; a failure rejects every item of its
 * batch, and the next batch is sent as usual.
 */
export function batched<T, R>(send: (items: readonly T[]) => Promise<readonly R[]>): (item: T) => Promise<R> {
  let waiting: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  let scheduled = false;
  let inFlight = false;

  const schedule = () => {
    if (scheduled || inFlight || waiting.length === 0) return;
    scheduled = true;
    setImmediate(dispatch);
  };

  const dispatch = () => {
    scheduled = false;
    const batch = waiting;
    waiting = [];
    inFlight = true;
    Promise.resolve()
      .then(() => send(batch.map((w) => w.item)))
      .then(
        (results) => batch.forEach((w, i) => w.resolve(results[i]!)),
        (error: unknown) => batch.forEach((w) => w.reject(error)),
      )
      .finally(() => {
        inFlight = false;
        // What came in meanwhile (and what the answered calls ask for next) goes together.
        schedule();
      });
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      schedule();
    });
}
