import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema/accounts';

/**
 * A secret shared by every instance: generated once and kept in the database, so a new install
 * needs no configuration and sessions survive restarts. AUTH_SECRET overrides it.
 */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: crypto.randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing after insert`);
  return row.value;
}
