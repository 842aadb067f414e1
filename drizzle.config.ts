import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration from the tables in src/server/db/schema/ (every
// file of the folder); review and commit it. Functions and triggers are not migrations: they live in
// src/server/db/functions/ (its README.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema',
  out: './src/server/db/migrations',
  casing: 'snake_case',
});
