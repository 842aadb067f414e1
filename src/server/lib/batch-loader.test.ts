import { describe, expect, it } from 'vitest';
import { BatchLoader } from './batch-loader';

interface U {
  id: string;
  role: string;
}

/** A store whose reads are recorded and can be held open, to see what each load could observe. */
function store(initial: U[]) {
  const rows = new Map(initial.map((u) => [u.id, { ...u }]));
  const queries: string[][] = [];
  let gate: Promise<void> | null = null;
  const fetchRows = async (ids: string[]) => {
    queries.push(ids);
    // The rows are read when the query is sent, as PostgreSQL takes its snapshot at the start.
    const read = ids.flatMap((id) => (rows.has(id) ? [{ ...rows.get(id)! }] : []));
    if (gate) await gate;
    return read;
  };
  return {
    rows,
    queries,
    fetchRows,
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

const turn = () => new Promise((r) => setImmediate(r));

describe('BatchLoader', () => {
  it('reads the ids asked for in one turn with one query, each id once', async () => {
    const s = store([
      { id: 'a', role: 'donner' },
      { id: 'b', role: 'admin' },
    ]);
    const loader = new BatchLoader(s.fetchRows);
    const got = await Promise.all([loader.load('a'), loader.load('b'), loader.load('a'), loader.load('missing')]);
    expect(got).toEqual([{ id: 'a', role: 'donner' }, { id: 'b', role: 'admin' }, { id: 'a', role: 'donner' }, undefined]);
    expect(s.queries).toEqual([['a', 'b', 'missing']]);
  });

  it('never lets a load join a query already sent, so it sees changes made after that query began', async () => {
    const s = store([{ id: 'a', role: 'admin' }]);
    const loader = new BatchLoader(s.fetchRows);
    const release = s.hold();
    const first = loader.load('a');
    await turn(); // the first query is now in flight, with the admin row read
    s.rows.get('a')!.role = 'donner'; // demoted while it runs
    const second = loader.load('a');
    release();
    expect(await first).toEqual({ id: 'a', role: 'admin' });
    expect(await second).toEqual({ id: 'a', role: 'donner' });
    expect(s.queries).toEqual([['a'], ['a']]);
  });

  it('splits a large batch into queries of at most maxBatch ids', async () => {
    const users = Array.from({ length: 7 }, (_, i) => ({ id: `u${i}`, role: 'donner' }));
    const s = store(users);
    const loader = new BatchLoader(s.fetchRows, 3);
    const got = await Promise.all(users.map((u) => loader.load(u.id)));
    expect(got).toEqual(users);
    expect(s.queries.map((q) => q.length)).toEqual([3, 3, 1]);
  });

  it('rejects every load of a failed query and recovers on the next turn', async () => {
    let fail = true;
    const loader = new BatchLoader<U>(async (ids) => {
      if (fail) throw new Error('connection lost');
      return ids.map((id) => ({ id, role: 'donner' }));
    });
    const results = await Promise.allSettled([loader.load('a'), loader.load('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await loader.load('a')).toEqual({ id: 'a', role: 'donner' });
  });
});

describe('BatchLoader under load', () => {
  it('keeps the ids asked for while a batch is in flight for one query after it, read after they were asked for', async () => {
    const s = store([
      { id: 'a', role: 'admin' },
      { id: 'b', role: 'donner' },
      { id: 'c', role: 'donner' },
    ]);
    const loader = new BatchLoader(s.fetchRows);
    const release = s.hold();
    const first = loader.load('a');
    await turn(); // ['a'] in flight
    s.rows.get('a')!.role = 'donner';
    const later = [loader.load('a'), loader.load('b')];
    await turn();
    const last = loader.load('c');
    await turn();
    expect(s.queries).toEqual([['a']]); // nothing more sent while the first is in flight
    release();
    expect(await first).toEqual({ id: 'a', role: 'admin' });
    expect(await Promise.all([...later, last])).toEqual([
      { id: 'a', role: 'donner' },
      { id: 'b', role: 'donner' },
      { id: 'c', role: 'donner' },
    ]);
    expect(s.queries).toEqual([['a'], ['a', 'b', 'c']]);
  });

  it('sends the next batch after a failed one', async () => {
    let fail = true;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const loader = new BatchLoader<U>(async (ids) => {
      if (fail) {
        await gate;
        throw new Error('connection lost');
      }
      return ids.map((id) => ({ id, role: 'donner' }));
    });
    const failed = loader.load('a');
    await turn();
    const next = loader.load('b');
    fail = false;
    release();
    await expect(failed).rejects.toThrow('connection lost');
    expect(await next).toEqual({ id: 'b', role: 'donner' });
  });
});
