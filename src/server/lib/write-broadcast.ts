import crypto from 'node:crypto';
import pg from 'pg';
import { batched } from './batched';
import type { Written, WriteEvents } from './list-caches';

// Several app instances on one database (issue 19): a write on one clears the list caches of all.
// Each instance LISTENs on one channel with a connection of its own, and announces its writes with
// pg_notify before answering them; PostgreSQL delivers the notification at once to every listener.

const CHANNEL = 'list_writes';
const NOTIFY_SQL = `SELECT pg_notify($1, $2 || ' ' || what) FROM unnest($3::text[]) AS what`;
const ALL: readonly Written[] = ['donation-requests', 'users', 'blogs'];
const isWritten = (value: string | undefined): value is Written => ALL.includes(value as Written);

export interface WriteBroadcast {
  close(): Promise<void>;
}

export async function startWriteBroadcast(pool: pg.Pool, writes: WriteEvents, onError: (err: unknown) => void = () => {}): Promise<WriteBroadcast> {
  const origin = crypto.randomUUID();
  let client: pg.Client | null = null;
  let closed = false;

  const connect = async (): Promise<void> => {
    const c = new pg.Client(pool.options);
    c.on('notification', (msg) => {
      const [from, what] = (msg.payload ?? '').split(' ');
      if (from !== origin && isWritten(what)) writes.written(what);
    });
    c.on('error', (err) => {
      onError(err);
      void c.end().catch(() => {});
      if (client === c) client = null;
      if (!closed) setTimeout(() => void connect().catch(onError), 1000).unref();
    });
    await c.connect();
    if (closed) {
      // Closed while this (re)connection was on its way: never leave it open.
      await c.end().catch(() => {});
      return;
    }
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
    // Whatever was announced while this instance was not listening: forget every list.
    for (const what of ALL) writes.written(what);
  };

  // The writes answered together share one announcement (./batched.ts): one statement for all
  // they wrote, sent after each of them committed (never joining one already sent).
  const announce = batched(async (what: readonly Written[]) => {
    await pool.query({ name: 'list_writes_notify', text: NOTIFY_SQL, values: [CHANNEL, origin, [...new Set(what)]] });
    return what.map(() => undefined);
  });
  writes.publish = announce;
  await connect();
  return {
    async close() {
      closed = true;
      writes.publish = null;
      await client?.end().catch(() => {});
    },
  };
}
