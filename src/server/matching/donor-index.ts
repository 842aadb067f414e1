import type pg from 'pg';
import type { BloodGroup } from '../../shared/blood-groups';
import type { BloodComponent } from '../../shared/compatibility';
import type { DonationStatus } from '../../shared/donation-request-rules';
import { DonorTable, type IndexedDonor } from './donor-table';

// The donor index of one instance (decision 051), kept up to date with the database:
// - at first use it loads every findable donor in one REPEATABLE READ transaction, and remembers
//   that snapshot's xmin (every transaction with a smaller id had ended by then);
// - before every answer it reads donor_changes (written by a trigger on users, in the writing
//   transaction) for the transactions that may have committed since its last look (xid >= that
//   xmin), and reloads those users. The answer therefore reflects every write committed before the
//   call, on any instance. The calls that arrive together share one such look.
// A change row with no user ("many changed") or a gap longer than the changes are kept loads
// everything again.

/** Rows fetched at a time while loading everything (a million rows at once would take hundreds of MB). */
const LOAD_CHUNK = 50_000;
/** donor_changes keeps a day (deleteOldDonorChanges, main.ts's hourly clean-up); an instance that has not looked for half of that loads everything. */
const RELOAD_AFTER_MS = 12 * 3_600_000;

const DONOR_COLUMNS = `id, name, email, image, blood_group, COALESCE(division_id, 0) AS division_id, COALESCE(district_id, 0) AS district_id, upazila_id,
  last_donation_date - DATE '1970-01-01' AS last_day, next_eligible_date - DATE '1970-01-01' AS next_day, available, email_verified, quiet_hours_start, quiet_hours_end`;
const requestsJson = (ids: string) => `COALESCE((SELECT json_agg(json_build_array(r.id, r.requester_id, r.status, r.donor_id, r.blood_group, r.component,
    r.district_id, r.upazila_id, r.donation_date, ARRAY(SELECT p.donor_id FROM donation_pledges p WHERE p.request_id = r.id)))
  FROM donation_requests r WHERE r.id = ANY(${ids}::uuid[])), '[]')`;
const FINDABLE = `status = 'active' AND blood_group IS NOT NULL AND upazila_id IS NOT NULL`;
/**
 * The look: the changes since `xmin` ($1), and the requests the waiting matches calls are for ($2),
 * read in the same statement (decision 057): what matching needs of each, with its pledged donors.
 */
const LOOK_SQL = `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
  COALESCE((SELECT json_agg(json_build_array(seq, user_id, xid)) FROM donor_changes WHERE xid >= $1), '[]') AS changes,
  ${requestsJson('$2')} AS requests`;

/** What matching reads of a request (the matches endpoint): who may see its matches, and what it needs. */
export interface MatchRequest {
  id: string;
  requesterId: string;
  status: DonationStatus;
  donorId: string | null;
  bloodGroup: BloodGroup;
  component: BloodComponent;
  districtId: number;
  upazilaId: number;
  /** YYYY-MM-DD. */
  donationDate: string;
  /** The donors who pledged. */
  pledged: string[];
}
type RequestJson = [string, string, DonationStatus, string | null, BloodGroup, BloodComponent, number, number, string, string[]];
const toRequest = ([id, requesterId, status, donorId, bloodGroup, component, districtId, upazilaId, donationDate, pledged]: RequestJson): MatchRequest => ({
  id,
  requesterId,
  status,
  donorId,
  bloodGroup,
  component,
  districtId,
  upazilaId,
  donationDate,
  pledged,
});

type DonorRow = {
  id: string;
  name: string;
  email: string;
  image: string | null;
  blood_group: BloodGroup;
  division_id: number;
  district_id: number;
  upazila_id: number;
  last_day: number | null;
  next_day: number | null;
  available: boolean;
  email_verified: boolean;
  quiet_hours_start: number;
  quiet_hours_end: number;
};

const toDonor = (r: DonorRow): IndexedDonor => ({
  id: r.id,
  name: r.name,
  email: r.email,
  image: r.image,
  bloodGroup: r.blood_group,
  divisionId: r.division_id,
  districtId: r.district_id,
  upazilaId: r.upazila_id,
  lastDonationDay: r.last_day,
  nextEligibleDay: r.next_day,
  available: r.available,
  emailVerified: r.email_verified,
  quietStart: r.quiet_hours_start,
  quietEnd: r.quiet_hours_end,
});

export interface DonorIndex {
  /** The table, with every change committed before this call applied. */
  current(): Promise<DonorTable>;
  /**
   * The table as `current` answers it, and a request's matching fields (undefined: no such
   * request) read by the same round trip: the calls that arrive together share it.
   */
  withRequest(id: string): Promise<{ table: DonorTable; request: MatchRequest | undefined }>;
}

export function createDonorIndex(pool: pg.Pool): DonorIndex {
  let table: DonorTable | null = null;
  let xmin = 0;
  let lastLook = 0;
  /** Change rows already applied, with their transaction ids (kept while they may be read again). */
  const applied = new Map<number, number>();

  const loadAll = async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const { rows } = await client.query<{ xmin: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin');
      const loaded = new DonorTable();
      // In the order of the lists a query walks (district, group, then who gave longest ago): the
      // donors of one list get neighbouring slots, so a walk reads neighbouring memory (at a
      // million donors a ranking took a third less time than with slots in id order).
      await client.query(`DECLARE donors NO SCROLL CURSOR FOR SELECT ${DONOR_COLUMNS} FROM users WHERE ${FINDABLE} ORDER BY district_id, blood_group, last_donation_date NULLS FIRST, id`);
      for (;;) {
        const chunk = await client.query<DonorRow>(`FETCH ${LOAD_CHUNK} FROM donors`);
        loaded.addUnsorted(chunk.rows.map(toDonor));
        if (chunk.rows.length < LOAD_CHUNK) break;
      }
      await client.query('COMMIT');
      loaded.sortLists();
      table = loaded;
      xmin = Number(rows[0]!.xmin);
      applied.clear();
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  };

  /** Looks for changes and applies them; answers the requests `ids` (lower case) by id. */
  const look = async (ids: string[]): Promise<Map<string, MatchRequest>> => {
    const started = Date.now();
    let requests: RequestJson[];
    if (!table || started - lastLook > RELOAD_AFTER_MS) {
      await loadAll();
      requests = ids.length === 0 ? [] : (await pool.query<{ requests: RequestJson[] }>(`SELECT ${requestsJson('$1')} AS requests`, [ids])).rows[0]!.requests;
    } else {
      const { rows } = await pool.query<{ xmin: string; changes: [number, string | null, number][]; requests: RequestJson[] }>({
        name: 'donor_index_look',
        text: LOOK_SQL,
        values: [xmin, ids],
      });
      requests = rows[0]!.requests;
      const fresh = rows[0]!.changes.filter(([seq]) => !applied.has(seq));
      if (fresh.some(([, id]) => id === null)) {
        await loadAll();
      } else {
        if (fresh.length > 0) {
          const changed = [...new Set(fresh.map(([, id]) => id!))];
          const found = await pool.query<DonorRow>({ name: 'donor_index_rows', text: `SELECT ${DONOR_COLUMNS} FROM users WHERE id = ANY($1::text[]) AND ${FINDABLE}`, values: [changed] });
          const byId = new Map(found.rows.map((r) => [r.id, r]));
          for (const id of changed) {
            const row = byId.get(id);
            table.put(id, row ? toDonor(row) : null);
          }
          for (const [seq, , xid] of fresh) applied.set(seq, xid);
        }
        xmin = Number(rows[0]!.xmin);
        for (const [seq, xid] of applied) if (xid < xmin) applied.delete(seq);
      }
    }
    lastLook = started;
    return new Map(requests.map((r) => [r[0], toRequest(r)]));
  };

  // One look at a time; the calls that arrive while one runs share the next (which starts after
  // they arrived, so it sees every write committed before them), and so do the requests they wait for.
  let running: Promise<Map<string, MatchRequest>> | null = null;
  let queued: Promise<Map<string, MatchRequest>> | null = null;
  let wanted = new Set<string>();
  const lookSoon = (): Promise<Map<string, MatchRequest>> => {
    if (queued) return queued;
    const next: Promise<Map<string, MatchRequest>> = (running ?? Promise.resolve())
      .catch(() => {})
      .then(() => {
        queued = null;
        running = next;
        const ids = [...wanted];
        wanted = new Set();
        return look(ids);
      })
      .finally(() => {
        if (running === next) running = null;
      });
    queued = next;
    return next;
  };

  return {
    async current() {
      await lookSoon();
      return table!;
    },
    async withRequest(id) {
      // PostgreSQL answers a uuid in lower case.
      const key = id.toLowerCase();
      wanted.add(key);
      const requests = await lookSoon();
      return { table: table!, request: requests.get(key) };
    },
  };
}

/** Change rows older than a day: every instance has looked since, or will load everything. */
export async function deleteOldDonorChanges(pool: pg.Pool): Promise<number> {
  const result = await pool.query(`DELETE FROM donor_changes WHERE changed_at < now() - interval '1 day'`);
  return result.rowCount ?? 0;
}
