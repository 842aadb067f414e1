import type { Lang } from '../../shared/i18n/model';
import crypto from 'node:crypto';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { districtSchema, divisionSchema, upazilaSchema } from '../../shared/locations/schemas';
import type { Db } from '../db/client';
import { districtDistances, districts, divisions, upazilas } from '../db/schema/locations';
import { badRequest } from '../errors';
import { LOCATION_MESSAGES } from '../../shared/locations/texts';

/** A ready-to-send JSON body with its ETag: the location data is static, so we build it once. */
export interface CachedBody {
  json: string;
  etag: string;
}

export interface LocationIndex {
  divisions: CachedBody;
  districtsOf(divisionId: number): CachedBody;
  upazilasOf(districtId: number): CachedBody;
  /** True when the three ids exist and belong together (district in division, upazila in district). */
  isValidChain(divisionId: number, districtId: number, upazilaId: number): boolean;
  divisionName(id: number): string | null;
  /** In English, or in Bangla (`bn_name`) for `bn` (issue 16). */
  districtName(id: number, lang?: Lang): string | null;
  upazilaName(id: number, lang?: Lang): string | null;
  /** The district an upazila (or thana) is in, and the division of a district. */
  districtOfUpazila(id: number): number | null;
  divisionOfDistrict(id: number): number | null;
  /** Every district, nearest first from this one (itself first, 0 km): district_distances, the distances between district centres. */
  districtsByDistance(districtId: number): readonly DistrictDistance[];
}

export interface DistrictDistance {
  districtId: number;
  km: number;
}

const cached = (value: unknown): CachedBody => {
  const json = JSON.stringify(value);
  return { json, etag: `"${crypto.createHash('sha1').update(json).digest('base64url')}"` };
};
const EMPTY = cached([]);

async function loadIndex(db: Db): Promise<LocationIndex> {
  const [divs, dists, upas, distances] = await Promise.all([
    db.select().from(divisions).orderBy(asc(divisions.id)),
    db.select().from(districts).orderBy(asc(districts.name)),
    db.select().from(upazilas).orderBy(asc(upazilas.name)),
    db.select().from(districtDistances).orderBy(asc(districtDistances.fromDistrict), asc(districtDistances.rank)),
  ]);
  // Validate against the shared response schemas once, when the cache is built.
  const divisionRows = z.array(divisionSchema).parse(
    divs.map((d) => ({ _id: String(d.id), name: d.name, bn_name: d.bnName, divisionId: String(d.id) })),
  );
  const districtsBy = new Map<number, z.infer<typeof districtSchema>[]>();
  for (const d of dists) {
    const list = districtsBy.get(d.divisionId) ?? [];
    list.push(districtSchema.parse({ _id: String(d.id), name: d.name, bn_name: d.bnName, districtId: String(d.id), divisionId: String(d.divisionId) }));
    districtsBy.set(d.divisionId, list);
  }
  const upazilasBy = new Map<number, z.infer<typeof upazilaSchema>[]>();
  for (const u of upas) {
    const list = upazilasBy.get(u.districtId) ?? [];
    list.push(upazilaSchema.parse({ _id: String(u.id), name: u.name, bn_name: u.bnName, districtId: String(u.districtId) }));
    upazilasBy.set(u.districtId, list);
  }
  const divisionBody = cached(divisionRows);
  const districtBodies = new Map([...districtsBy].map(([k, v]) => [k, cached(v)]));
  const upazilaBodies = new Map([...upazilasBy].map(([k, v]) => [k, cached(v)]));
  const divisionById = new Map(divs.map((d) => [d.id, d]));
  const districtById = new Map(dists.map((d) => [d.id, d]));
  const upazilaById = new Map(upas.map((u) => [u.id, u]));
  const nearest = new Map<number, DistrictDistance[]>();
  for (const d of distances) {
    const list = nearest.get(d.fromDistrict) ?? [];
    list.push({ districtId: d.toDistrict, km: d.km });
    nearest.set(d.fromDistrict, list);
  }

  return {
    divisions: divisionBody,
    districtsOf: (id) => districtBodies.get(id) ?? EMPTY,
    upazilasOf: (id) => upazilaBodies.get(id) ?? EMPTY,
    isValidChain(divisionId, districtId, upazilaId) {
      const district = districtById.get(districtId);
      const upazila = upazilaById.get(upazilaId);
      return divisionById.has(divisionId) && district?.divisionId === divisionId && upazila?.districtId === districtId;
    },
    divisionName: (id) => divisionById.get(id)?.name ?? null,
    districtName: (id, lang = 'en') => {
      const d = districtById.get(id);
      return d ? (lang === 'bn' ? d.bnName : d.name) : null;
    },
    upazilaName: (id, lang = 'en') => {
      const u = upazilaById.get(id);
      return u ? (lang === 'bn' ? u.bnName : u.name) : null;
    },
    districtOfUpazila: (id) => upazilaById.get(id)?.districtId ?? null,
    divisionOfDistrict: (id) => districtById.get(id)?.divisionId ?? null,
    districtsByDistance: (id) => nearest.get(id) ?? [],
  };
}

/** Division, district and upazila (ids as the forms send them) must exist and belong together; 400 on `body.upazila` otherwise. */
export function checkLocationChain(locations: LocationIndex, v: { division: string; district: string; upazila: string }) {
  const ids = { division: Number(v.division), district: Number(v.district), upazila: Number(v.upazila) };
  if (!locations.isValidChain(ids.division, ids.district, ids.upazila)) {
    throw badRequest(LOCATION_MESSAGES.chainMismatch, [
      { path: 'body.upazila', message: LOCATION_MESSAGES.chooseChain },
    ]);
  }
  return ids;
}

/** One index per database handle, loaded on first use (the rows are seeded before the app starts). */
export function createLocationService(db: Db) {
  let index: Promise<LocationIndex> | null = null;
  return {
    get(): Promise<LocationIndex> {
      index ??= loadIndex(db).catch((err: unknown) => {
        index = null; // a failed load (database down) is retried on the next call
        throw err;
      });
      return index;
    },
  };
}

export type LocationService = ReturnType<typeof createLocationService>;
