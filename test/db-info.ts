import type pg from 'pg';

/** How tests reach the run's PostgreSQL: a URL (external server) or socket settings (embedded). */
export interface TestDbInfo {
  admin: { url?: string; config?: { host?: string; port?: number; user?: string; password?: string; database?: string } };
  template: string;
}

export function withDatabase(admin: TestDbInfo['admin'], database: string): pg.PoolConfig {
  if (admin.url) {
    const url = new URL(admin.url);
    url.pathname = `/${database}`;
    return { connectionString: url.toString() };
  }
  return { ...admin.config, database };
}

/** The database the admin connection uses for CREATE/DROP DATABASE. */
export function adminDatabase(admin: TestDbInfo['admin']): string {
  if (admin.url) return new URL(admin.url).pathname.slice(1) || 'postgres';
  return admin.config?.database ?? 'postgres';
}

/**
 * Drops a test database. A plain DROP DATABASE stops autovacuum workers itself; WITH (FORCE) would
 * instead refuse a role without pg_signal_backend whenever an autovacuum worker is in the database
 * (PostgreSQL cannot check a worker's role). Our own connections may take a moment to close after
 * pool.end(), so "in use" is retried, and only then forced (those backends are our role's).
 */
export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006') throw err; // object_in_use
      if (attempt === 20) {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
