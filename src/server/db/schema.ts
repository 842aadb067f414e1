import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The database schema. Columns are snake_case in PostgreSQL; the API's field names (which follow
 * the spec's contract) are mapped in one function per feature.
 */

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
