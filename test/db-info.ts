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
