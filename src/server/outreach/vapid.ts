import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema/accounts';

// The VAPID key pair (RFC 8292) that signs every web push. Browsers bind a subscription to the
// public key it was made with, so the pair must never change behind them: generated once, kept
// in the database, shared by every instance. VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY override it.

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const SECRET_NAME = 'vapid';

interface StoredPair {
  publicKey: string;
  privateKey: string;
}

/** A base64url P-256 pair as web-push takes it: a 65-byte uncompressed public point, a 32-byte private scalar. */
function checkPair(pair: StoredPair, where: string): StoredPair {
  const pub = Buffer.from(pair.publicKey, 'base64url');
  const priv = Buffer.from(pair.privateKey, 'base64url');
  if (pub.length !== 65 || pub[0] !== 0x04) throw new Error(`${where}: the VAPID public key must be a base64url P-256 point (65 bytes)`);
  if (priv.length !== 32) throw new Error(`${where}: the VAPID private key must be 32 bytes, base64url`);
  return pair;
}

/**
 * `mailto:` + a From header ("Blood Donation <no-reply@example.org>") -> `mailto:no-reply@example.org`:
 * push services read the subject as a URL to contact the sender at.
 */
function normaliseSubject(subject: string): string {
  const m = /^mailto:.*<([^<>\s]+@[^<>\s]+)>\s*$/i.exec(subject.trim());
  return m ? `mailto:${m[1]}` : subject.trim();
}

export async function getOrCreateVapidKeys(
  db: Db,
  env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string },
  fallbackSubject: string,
): Promise<VapidKeys> {
  const subject = normaliseSubject(env.VAPID_SUBJECT ?? fallbackSubject);
  // web-push refuses any other subject at every send; refusing it here stops start-up instead.
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) {
    throw new Error(`VAPID subject must be a mailto: address or an https:// URL (set VAPID_SUBJECT), not "${subject}"`);
  }
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
    throw new Error('set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together');
  }
  if (env.VAPID_PUBLIC_KEY !== undefined && env.VAPID_PRIVATE_KEY !== undefined) {
    return { ...checkPair({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }, 'VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY'), subject };
  }
  // Instances starting together each offer a pair; the first insert wins and all read it back.
  const generated = webPush.generateVAPIDKeys();
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: JSON.stringify({ publicKey: generated.publicKey, privateKey: generated.privateKey }) })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error('VAPID keys missing after insert');
  const stored = JSON.parse(row.value) as StoredPair;
  return { ...checkPair({ publicKey: stored.publicKey, privateKey: stored.privateKey }, 'app_secrets.vapid'), subject };
}
