import { describe, expect, it } from 'vitest';
import { batched } from './batched';

const turn = () => new Promise((r) => setImmediate(r));

/** A send that records each batch and can be held open while in flight. */
function recorder() {
  const batches: number[][] = [];
  let gate: Promise<void> | null = null;
  const send = async (items: readonly number[]) => {
    batches.push([...items]);
    if (gate) await gate;
    return items.map((n) => n * 10);
  };
  return {
    batches,
    send,
    hold() {
      let open!: () => void;
      gate = new Promise((r) => (open = r));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

describe('batched', () => {
  it('sends the items of one turn together, and answers each its own result', async () => {
    const r = recorder();
    const call = batched(r.send);
    expect(await Promise.all([call(1), call(2), call(3)])).toEqual([10, 20, 30]);
    expect(r.batches).toEqual([[1, 2, 3]]);
  });

  it('sends an item of a later turn in a batch of its own when nothing is in flight', async () => {
    const r = recorder();
    const call = batched(r.send);
    await call(1);
    await call(2);
    expect(r.batches).toEqual([[1], [2]]);
  });

  it('holds the items that come while a batch is in flight, and sends them together after it, never with it', async () => {
    const r = recorder();
    const call = batched(r.send);
    const release = r.hold();
    const first = call(1);
    await turn(); // the first batch is in flight
    const later = [call(2), call(3)];
    await turn();
    await turn();
    expect(r.batches).toEqual([[1]]);
    release();
    expect(await first).toBe(10);
    expect(await Promise.all(later)).toEqual([20, 30]);
    expect(r.batches).toEqual([[1], [2, 3]]);
  });

  it('rejects every item of a failed batch, and sends the next one as usual', async () => {
    let fail = true;
    const call = batched(async (items: readonly string[]) => {
      if (fail) throw new Error('down');
      return items.map((s) => s.toUpperCase());
    });
    const failed = await Promise.allSettled([call('a'), call('b')]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await call('c')).toBe('C');
  });

  it('also survives a send that throws before its promise exists', async () => {
    const call = batched<number, number>(() => {
      throw new Error('sync');
    });
    await expect(call(1)).rejects.toThrow('sync');
  });
});
