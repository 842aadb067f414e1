// Places (bd-geo): the 8 divisions, 64 districts and their upazilas and thanas, seeded at every start (db/seed.ts).
import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

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
