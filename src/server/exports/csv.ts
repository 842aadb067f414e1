import { pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';

// A CSV download streamed from a database cursor (issue 18): rows are read a batch at a time as the
// client takes them (the reply's backpressure reaches the cursor), so an export of a million rows
// never holds them in memory. UTF-8 with a BOM (Excel then reads Bangla names right); every text
// cell that a spreadsheet would read as a formula is made plain text.

/** A column of an export: the query's output column and its heading. */
export interface CsvColumn {
  key: string;
  header: string;
}

/** What starts a formula in a spreadsheet: =, +, -, @, a tab or a carriage return (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text: a formula-like start is prefixed with `'`, so the spreadsheet shows it as typed. */
export const safeCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** `users-2026-11-23.csv`: the export's name and the day (UTC) it was made. */
export const csvFileName = (name: string, now = new Date()) => `${name}-${now.toISOString().slice(0, 10)}.csv`;

const BATCH_ROWS = 500;
/** The longest an export may stream (a million users take well under a minute). */
const EXPORT_TIMEOUT = '30min';

/**
 * Sends `text` (with `values`) as a CSV attachment. The cursor's connection is taken from the pool
 * for the duration; when the client goes away mid-way the cursor is closed and the connection is
 * discarded (not returned mid-query).
 */
export async function sendCsv(pool: pg.Pool, reply: FastifyReply, file: string, columns: CsvColumn[], text: string, values: unknown[]): Promise<FastifyReply> {
  const client = await pool.connect();
  // The cursor is one statement from its first batch to its last: the pool's statement_timeout
  // (db/client.ts) would cut a long export, so this connection gets a longer one while it streams.
  try {
    await client.query(`SET statement_timeout = '${EXPORT_TIMEOUT}'`);
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  const rows = client.query(new QueryStream(text, values, { batchSize: BATCH_ROWS, highWaterMark: BATCH_ROWS }));
  const csv = stringify({
    bom: true,
    header: true,
    columns,
    cast: {
      string: safeCell,
      boolean: (v) => (v ? 'true' : 'false'),
      date: (v) => v.toISOString(),
      number: (v) => String(v),
    },
  });
  let released = false;
  const release = (err?: Error | null) => {
    if (released) return;
    released = true;
    if (err) return client.release(err);
    client.query('RESET statement_timeout').then(
      () => client.release(),
      (e: Error) => client.release(e),
    );
  };
  pipeline(rows, csv, (err) => release(err));
  // The client hung up before the end: stop reading (closes the cursor), then the callback above releases.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) csv.destroy();
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
