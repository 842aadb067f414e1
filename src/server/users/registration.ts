import crypto from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import { PASSWORD_SPECIALS } from '../../shared/users/model';
import type { registerUserSchema } from '../../shared/users/schemas';
import { USER_MESSAGES } from '../../shared/users/texts';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import type { AppDeps } from '../deps';
import { conflict } from '../errors';
import { checkOwnImage } from '../images/service';
import { checkLocationChain } from '../locations/service';
import { findUserByEmail } from './service';

/** The better-auth instance (auth/auth.ts is private to auth: its type comes through AppDeps). */
type Auth = AppDeps['auth'];

const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && ((err as { code?: string }).code === '23505' || isUniqueViolation((err as { cause?: unknown }).cause));

/** Headers better-auth needs to record the session (client address and agent); no cookies. */
function sessionHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const name of ['user-agent', 'x-forwarded-for']) {
    const v = incoming[name];
    if (typeof v === 'string') headers.set(name, v);
  }
  return headers;
}

async function signUp(auth: Auth, headers: Headers, input: { name: string; email: string; password: string; image?: string; bloodGroup?: string; divisionId?: number; districtId?: number; upazilaId?: number }) {
  try {
    const { headers: out, response } = await auth.api.signUpEmail({ body: input, headers, returnHeaders: true });
    return { userId: response.user.id, cookies: out.getSetCookie() };
  } catch (err) {
    // Two registrations of one email at once: the unique index decides, the loser gets 409.
    if (isUniqueViolation(err) || (isAPIError(err) && err.statusCode === 422)) throw conflict(USER_MESSAGES.emailTaken, 'EMAIL_TAKEN');
    throw err;
  }
}

/**
 * POST /users: validates what the shared schema cannot (the location chain, the uploaded
 * picture, a free email), then creates identity and profile in one better-auth sign-up, which runs
 * in a transaction. Role and status are never taken from the body: they default to donner/active.
 */
export async function registerUser(deps: AppDeps, input: z.output<typeof registerUserSchema>, incoming: IncomingHttpHeaders) {
  const ids = checkLocationChain(await deps.locations.get(), input);
  // The picture and the email are checked at once (one round trip's wait instead of two); a bad
  // picture is still the answer before a taken email, as when they were checked in turn.
  const [image, existing] = await Promise.allSettled([checkOwnImage(deps.db, input.avatar, deps.config.publicUrl), findUserByEmail(deps.db, input.email)]);
  if (image.status === 'rejected') throw image.reason;
  if (existing.status === 'rejected') throw existing.reason;
  if (existing.value) throw conflict(USER_MESSAGES.emailTaken, 'EMAIL_TAKEN');
  const avatar = image.value;
  const created = await signUp(deps.auth, sessionHeaders(incoming), {
    name: input.name,
    email: input.email,
    password: input.password,
    image: avatar,
    bloodGroup: input.blood_group,
    divisionId: ids.division,
    districtId: ids.district,
    upazilaId: ids.upazila,
  });
  // The optional phone (issue 38), already in its stored form (shared/phone/model.ts). better-auth's
  // sign-up takes only the fields auth.ts declares (a file of the auth feature), so the phone is
  // written right after, on the new row; the account is usable either way.
  if (input.phone) await deps.db.update(users).set({ phone: input.phone }).where(eq(users.id, created.userId));
  return created;
}

export const GENERATED_ADMIN_EMAIL = 'admin@blood-donation.local';

/** A password that meets the spec's rules: 16 characters with every required kind. */
export function generatePassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', PASSWORD_SPECIALS];
  const all = sets.join('');
  const chars = sets.map((s) => s[crypto.randomInt(s.length)]!);
  while (chars.length < 16) chars.push(all[crypto.randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * The first admin: from ADMIN_EMAIL/ADMIN_PASSWORD when set; on an empty database without them,
 * a generated account whose credentials are printed once. Also finishes a creation that a crash
 * interrupted (account created, role not yet set) when the site has no active admin.
 */
export async function ensureFirstAdmin(
  config: Config,
  db: Db,
  auth: Auth,
  announce: (email: string, password: string) => void,
): Promise<void> {
  const email = (config.ADMIN_EMAIL ?? GENERATED_ADMIN_EMAIL).toLowerCase();
  const [admins] = await db.select({ n: count() }).from(users).where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.role !== 'admin' && (admins?.n ?? 0) === 0) await db.update(users).set({ role: 'admin' }).where(eq(users.id, existing.id));
    return;
  }
  if (!config.ADMIN_EMAIL) {
    const [all] = await db.select({ n: count() }).from(users);
    if ((all?.n ?? 0) > 0) return; // not a new install: admins are made in the app
  }
  const password = config.ADMIN_PASSWORD ?? generatePassword();
  const { userId } = await signUp(auth, new Headers(), { name: 'Administrator', email, password });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
  if (!config.ADMIN_PASSWORD) announce(email, password);
}
