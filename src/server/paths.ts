import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root folder, whether we run from src/ (tests, tsx) or from the dist/ bundle. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot();
// Read at run time from the source tree, also by the dist/ bundle (scripts/build.mjs bundles code only).
export const migrationsDir = path.join(projectRoot, 'src/server/db/migrations');
/** The trigger functions and other SQL functions, re-applied at every start (db/functions/README.md). */
export const functionsDir = path.join(projectRoot, 'src/server/db/functions');
export const webDistDir = path.join(projectRoot, 'dist/web');
