import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { z } from 'zod';
import divisionsFile from './data/bd-geo/divisions.json' with { type: 'json' };
import districtsFile from './data/bd-geo/districts.json' with { type: 'json' };
import upazilasFile from './data/bd-geo/upazilas.json' with { type: 'json' };
import metroThanasFile from './data/metro-thanas/metro-thanas.json' with { type: 'json' };
import { greatCircleKm } from '../../shared/matching/model';
import { districtDistances, districts, divisions, upazilas } from './schema/locations';

/** The bd-geo files are phpMyAdmin JSON exports: the element with type "table" holds the rows. */
function tableRows<T extends z.ZodType>(file: unknown, row: T): z.infer<T>[] {
  const table = z
    .array(z.looseObject({ type: z.string(), data: z.array(z.unknown()).optional() }))
    .parse(file)
    .find((e) => e.type === 'table');
  if (!table?.data) throw new Error('bd-geo file without a table');
  return table.data.map((r) => row.parse(r));
}

const id = z.coerce.number().int().positive();
/** An upazila, or a metropolitan thana (data/metro-thanas/). */
const place = z.object({ id, district_id: id, name: z.string(), bn_name: z.string() });

export function locationSeedData() {
  return {
    divisions: tableRows(divisionsFile, z.object({ id, name: z.string(), bn_name: z.string() })).map((d) => ({
      id: d.id,
      name: d.name,
      bnName: d.bn_name,
    })),
    districts: tableRows(
      districtsFile,
      z.object({ id, division_id: id, name: z.string(), bn_name: z.string(), lat: z.coerce.number().min(20).max(27), lon: z.coerce.number().min(88).max(93) }),
    ).map((d) => ({ id: d.id, divisionId: d.division_id, name: d.name, bnName: d.bn_name, lat: d.lat, lon: d.lon })),
    upazilas: [
      ...tableRows(upazilasFile, place),
      // Dhaka's and Chattogram's metropolitan thanas (issue 38): places under their district, as upazilas are.
      ...z.array(place).parse(metroThanasFile),
    ].map((u) => ({ id: u.id, districtId: u.district_id, name: u.name, bnName: u.bn_name })),
  };
}

/**
 * Every pair of districts with a centre, each `from`'s districts nearest first (itself first, 0
 * km; equal distances by id): the rows of district_distances.
 */
export function districtDistanceRows(centres: readonly { id: number; lat: number; lon: number }[]) {
  return centres.flatMap((from) =>
    centres
      .map((to) => ({ fromDistrict: from.id, toDistrict: to.id, km: to.id === from.id ? 0 : greatCircleKm(from, to) }))
      .sort((a, b) => a.km - b.km || a.toDistrict - b.toDistrict)
      .map((row, rank) => ({ ...row, rank })),
  );
}

/**
 * Idempotent: inserts the locations that are missing, leaves the others alone, gives districts
 * seeded before they had coordinates (migration 0008) their centre, and writes the distances
 * between districts (district_distances) when any is missing.
 */
export async function seedLocations(db: NodePgDatabase<Record<string, unknown>>) {
  const data = locationSeedData();
  const distances = districtDistanceRows(data.districts);
  const [row] = (
    await db.execute<{ n: number; unplaced: number; pairs: number }>(
      sql`SELECT (SELECT count(*) FROM divisions) + (SELECT count(*) FROM districts) + (SELECT count(*) FROM upazilas) AS n,
                 (SELECT count(*) FROM districts WHERE lat IS NULL) AS unplaced,
                 (SELECT count(*) FROM district_distances) AS pairs`,
    )
  ).rows;
  const complete =
    Number(row?.n) === data.divisions.length + data.districts.length + data.upazilas.length && Number(row?.unplaced) === 0 && Number(row?.pairs) === distances.length;
  if (complete) return;
  await db.transaction(async (tx) => {
    await tx.insert(divisions).values(data.divisions).onConflictDoNothing();
    await tx
      .insert(districts)
      .values(data.districts)
      .onConflictDoUpdate({ target: districts.id, set: { lat: sql`excluded.lat`, lon: sql`excluded.lon` }, setWhere: sql`${districts.lat} IS NULL` });
    await tx.insert(upazilas).values(data.upazilas).onConflictDoNothing();
    await tx.delete(districtDistances);
    await tx.insert(districtDistances).values(distances);
  });
}
