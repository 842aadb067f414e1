import { and, eq, sql } from 'drizzle-orm';
import type { GenericOAuthConfig } from 'better-auth/plugins';
import type { Db } from '../db/client';
import { accounts, sessions, users } from '../db/schema/accounts';

/**
 * Email squatting (docs/decisions/007-email-squatting.md). Registration does not prove the
 * address, so anyone can hold `victim@gmail.com` with a password before its owner arrives. When a
 * provider vouches for the address (Google's `email_verified`, a verified GitHub address), its
 * owner reclaims such an account: the password and every session go, the profile the holder typed
 * is reset, and the row is marked verified, so that better-auth's ordinary linking (which needs a
 * verified local email) links the provider and signs the owner in.
 */

/** better-auth's provider id of the email+password account. */
export const CREDENTIAL_PROVIDER = 'credential';

export interface ProviderIdentity {
  email: string;
  /** Only `true` reclaims: a provider that does not vouch for the address changes nothing. */
  emailVerified: boolean;
  name?: string | null;
  image?: string | null;
}

/**
 * Hands the account of `who.email` to the provider's user when it is an email+password account
 * whose address was never verified and that has no provider account. One transaction; the users
 * row is locked first, so a session being created for it meanwhile waits for the commit (its
 * foreign key takes a share lock on the row) and `dropSessionWithoutPassword` then sees the
 * password gone. Answers whether the account was reclaimed.
 */
export async function reclaimSquattedAccount(db: Db, who: ProviderIdentity): Promise<boolean> {
  if (who.emailVerified !== true || !who.email) return false;
  const email = who.email.toLowerCase();
  // Most sign-ins are of a verified or a new address: no transaction, no lock for them.
  const [candidate] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.email, email));
  if (!candidate || candidate.emailVerified) return false;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email))
      .for('update');
    // Verified: the address is proven and linking is better-auth's, as before.
    if (!user || user.emailVerified) return false;
    const held = await tx.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, user.id));
    // A provider account already signs in to it: two identities claim the address, and neither
    // is ours to drop. better-auth refuses the link (account_not_linked), as before.
    if (held.some((a) => a.providerId !== CREDENTIAL_PROVIDER)) return false;

    await tx.delete(accounts).where(and(eq(accounts.userId, user.id), eq(accounts.providerId, CREDENTIAL_PROVIDER)));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    // Ids stay (donation requests, blogs, gifts keep pointing at the row); what the holder typed
    // about the person behind the address goes, so the owner starts as a first Google sign-in
    // would (the provider's name and picture, no blood group, no location). Role and status are
    // an admin's decisions and stay: a blocked account stays blocked.
    await tx
      .update(users)
      .set({
        emailVerified: true,
        name: who.name ?? '',
        image: who.image ?? null,
        bloodGroup: null,
        divisionId: null,
        districtId: null,
        upazilaId: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    return true;
  });
}

/**
 * Wraps a provider so that every verified identity it returns reclaims a squatted account before
 * better-auth looks the email up. `mapProfileToUser` is the one hook that runs after the state
 * (CSRF), the code exchange (PKCE) and the profile fetch have all succeeded, and before the
 * callback decides between sign-in, link and "account not linked".
 */
export function reclaimingSquattedAccounts(db: Db, provider: GenericOAuthConfig): GenericOAuthConfig {
  const map = provider.mapProfileToUser;
  return {
    ...provider,
    async mapProfileToUser(profile) {
      if (typeof profile.email === 'string') {
        await reclaimSquattedAccount(db, {
          email: profile.email,
          emailVerified: profile.emailVerified === true,
          name: typeof profile.name === 'string' ? profile.name : null,
          image: typeof profile.image === 'string' ? profile.image : null,
        });
      }
      return map ? map(profile) : {};
    },
  };
}

/**
 * After a password sign-in created `session`: deletes it when the account no longer has a
 * password. Closes the race of a squatter whose sign-in read the password just before a reclaim
 * and creates its session just after (the password check takes tens of milliseconds).
 */
export async function dropSessionWithoutPassword(db: Db, session: { id: string; userId: string }): Promise<boolean> {
  const dropped = await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.id, session.id),
        sql`NOT EXISTS (SELECT 1 FROM ${accounts} WHERE ${accounts.userId} = ${session.userId} AND ${accounts.providerId} = ${CREDENTIAL_PROVIDER})`,
      ),
    )
    .returning({ id: sessions.id });
  return dropped.length > 0;
}
