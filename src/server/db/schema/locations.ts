// Places (bd-geo): the 8 divisions, 64 districts and their upazilas and thanas, seeded at every start (db/seed.ts).
import { doublePrecision, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';

export const divisions = pgTable('divisions', {
  id: integer().primaryKey(),
  name: text().notNull(),
  bnName: text().notNull(),
});

export const districts = pgTable(
  'districts',
  {
    id: integer().primaryKey(),
    divisionId: integer()
      .notNull()
      .references(() => divisions.id),
    name: text().notNull(),
    bnName: text().notNull(),
    /** The district's centre (bd-geo), for the distance between a request and its donors. */
    lat: doublePrecision(),
    lon: doublePrecision(),
  },
  (t) => [index('districts_division_id_idx').on(t.divisionId)],
);

export const upazilas = pgTable(
  'upazilas',
  {
    id: integer().primaryKey(),
    districtId: integer()
      .notNull()
      .references(() => districts.id),
    name: text().notNull(),
    bnName: text().notNull(),
  },
  (t) => [index('upazilas_district_id_idx').on(t.districtId)],
);

/**
 * Every pair of districts: the great-circle distance between their centres, and the rank of `to`
 * among `from`'s districts, nearest first (itself: rank 0, 0 km; ties by id). Derived from the
 * districts' centres, written by the seed at start (db/seed.ts); matching walks the districts in
 * this order (db/functions/ranked_donors.sql).
 */
export const districtDistances = pgTable(
  'district_distances',
  {
    fromDistrict: integer()
      .notNull()
      .references(() => districts.id),
    toDistrict: integer()
      .notNull()
      .references(() => districts.id),
    km: doublePrecision().notNull(),
    rank: smallint().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromDistrict, t.rank] }), uniqueIndex('district_distances_pair_idx').on(t.fromDistrict, t.toDistrict)],
);
