import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { BloodGroup, DonationIntervals } from '../../shared/matching/model';
import { normalizePhone } from '../../shared/phone/model';
import type { z } from 'zod';
import type { Pagination } from '../../shared/api/schemas';
import { can, roleAllowedFrom, statusAllowedFrom, takesAnAdminAway } from '../../shared/users/policy';
import type { Role, UserStatus } from '../../shared/users/model';
import type { updateProfileSchema, User } from '../../shared/users/schemas';
import { USER_MESSAGES } from '../../shared/users/texts';
import type { CurrentUser } from '../auth/guard';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/accounts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../errors';
import { checkOwnImage } from '../images/service';
import { type AuditContext, recordAudit } from '../audit/service';
import { checkLocationChain, type LocationIndex } from '../locations/service';
import { lastDonationFields } from '../matching';
import type { JobQueue } from '../jobs';
import { releaseReportsOf } from '../reports/service';

type UserRow = typeof users.$inferSelect;

/** The one place where a stored user becomes the API's user (spec field names, no secrets). */
export function toUserResponse(row: UserRow, locations: LocationIndex): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.image ?? null,
    blood_group: row.bloodGroup ?? null,
    division: row.divisionId ? locations.divisionName(row.divisionId) : null,
    district: row.districtId ? locations.districtName(row.districtId) : null,
    upazila: row.upazilaId ? locations.upazilaName(row.upazilaId) : null,
    divisionId: row.divisionId ? String(row.divisionId) : null,
    districtId: row.districtId ? String(row.districtId) : null,
    upazilaId: row.upazilaId ? String(row.upazilaId) : null,
    role: row.role,
    status: row.status,
    lastDonationDate: row.lastDonationDate,
    available: row.available,
    nextEligibleDate: row.nextEligibleDate,
    donationCount: row.donationCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The owner's own view adds their phone and whether it is verified (nobody else sees it here, admins included). */
export const toOwnUserResponse = (row: UserRow, locations: LocationIndex): User => ({
  ...toUserResponse(row, locations),
  phone: row.phone,
  phoneVerified: row.phoneNumberVerified,
});

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

/** Yourself, or an admin looking anyone up. */
export async function getUser(db: Db, actor: CurrentUser, email: string): Promise<UserRow> {
  const target = email.toLowerCase();
  if (!can(actor, 'view', { email: target })) throw forbidden(USER_MESSAGES.ownProfileView);
  const row = actor.email === target ? actor : await findUserByEmail(db, target);
  if (!row) throw notFound(USER_MESSAGES.noUser);
  return row;
}

/** `q` inside an ILIKE pattern: its own %, _ and \ match themselves (backslash is PostgreSQL's default escape). */
const likeContaining = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * All Users' search (issue 38): a part of the name or the email, any case; the phone only when
 * `q` is a whole number (shared/phone/model.ts reads it in any form), as phones are never listed.
 */
function searchCondition(q: string) {
  const pattern = likeContaining(q);
  const phone = normalizePhone(q);
  return or(ilike(users.name, pattern), ilike(users.email, pattern), phone ? eq(users.phone, phone) : undefined);
}

export interface UserListFilter {
  status?: UserStatus;
  role?: Role;
  bloodGroup?: BloodGroup;
  q?: string;
}

export async function listUsers(db: Db, filter: UserListFilter, page: Pagination) {
  // Deleted accounts (issue 17) are not listed: nothing of the person is left to manage.
  const where = and(
    isNull(users.deletedAt),
    filter.status ? eq(users.status, filter.status) : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.bloodGroup ? eq(users.bloodGroup, filter.bloodGroup) : undefined,
    filter.q ? searchCondition(filter.q) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** PATCH /users/{email}: the owner only; email cannot change. */
export async function updateProfile(
  db: Db,
  locations: LocationIndex,
  publicUrl: string,
  actor: CurrentUser,
  email: string,
  input: z.output<typeof updateProfileSchema>,
  intervals: DonationIntervals,
): Promise<number> {
  if (actor.email !== email.toLowerCase()) throw forbidden(USER_MESSAGES.ownProfileEdit);
  if (input.email !== undefined && input.email.trim().toLowerCase() !== actor.email) {
    throw badRequest(USER_MESSAGES.emailFixed, [{ path: 'body.email', message: USER_MESSAGES.emailFixedField }]);
  }
  const ids = checkLocationChain(locations, input);
  let image = actor.image;
  if (input.avatar && input.avatar !== actor.image) image = await checkOwnImage(db, input.avatar, publicUrl);
  const next = {
    name: input.name,
    image,
    bloodGroup: input.blood_group,
    divisionId: ids.division,
    districtId: ids.district,
    upazilaId: ids.upazila,
    // Omitted: kept as they are.
    available: input.available ?? actor.available,
    phone: input.phone === undefined ? actor.phone : input.phone,
  };
  const lastDonationDate = input.lastDonationDate === undefined ? actor.lastDonationDate : input.lastDonationDate;
  // A new last donation date (its component unknown) sets when the donor may give again.
  const donation = lastDonationDate === actor.lastDonationDate ? {} : lastDonationFields(lastDonationDate, intervals);
  // Only a real change counts (the UI shows "No Changes" for 0).
  // Another number is not verified (issue 32): its code proves it again; the same one stays verified.
  const verified = next.phone !== null && next.phone === actor.phoneNumber;
  const result = await db
    .update(users)
    .set({ ...next, ...donation, phoneNumber: verified ? actor.phoneNumber : null, phoneNumberVerified: verified, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, actor.id),
        sql`(${users.name}, ${users.image}, ${users.bloodGroup}, ${users.divisionId}, ${users.districtId}, ${users.upazilaId}, ${users.available}, ${users.lastDonationDate}, ${users.phone})
          IS DISTINCT FROM (${next.name}, ${next.image}, ${next.bloodGroup}, ${next.divisionId}::int, ${next.districtId}::int, ${next.upazilaId}::int,
            ${next.available}::boolean, ${lastDonationDate}::date, ${next.phone}::text)`,
      ),
    );
  return result.rowCount ?? 0;
}

/**
 * An admin changes a user's status or role (the route's guard: policy rows `changeStatus` and
 * `changeRole`): only the moves of the transition tables, and never leaving the site without an
 * active admin. The active admins are locked while we check, so two admins demoting each other at
 * once cannot both succeed.
 */
export async function changeUser(
  db: Db,
  jobs: JobQueue,
  reportsToHide: number,
  email: string,
  change: { status?: UserStatus; role?: Role },
  audit: AuditContext,
): Promise<number> {
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
      .for('update');
    const [target] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (!target) throw notFound(USER_MESSAGES.noUser);

    if (change.status) {
      if (!statusAllowedFrom(change.status).includes(target.status)) {
        throw conflict(USER_MESSAGES.alreadyStatus(target.status), 'INVALID_TRANSITION');
      }
    } else if (change.role) {
      if (!roleAllowedFrom(change.role).includes(target.role)) {
        throw conflict(USER_MESSAGES.alreadyRole(target.role), 'INVALID_TRANSITION');
      }
    }
    if (takesAnAdminAway(target, change) && admins.length <= 1) throw new HttpError(409, USER_MESSAGES.lastAdmin, 'LAST_ADMIN');

    const result = await tx
      .update(users)
      .set({ ...(change.status ? { status: change.status } : { role: change.role }), updatedAt: new Date() })
      .where(eq(users.id, target.id));
    // A block signs the account out everywhere: its sessions, and with them its access tokens, end now.
    if (change.status === 'blocked') await tx.delete(sessions).where(eq(sessions.userId, target.id));
    // A blocked reporter's open reports stop counting (issue 30): a request they pushed over the threshold comes back.
    if (change.status === 'blocked') await releaseReportsOf(tx, jobs, target.id, reportsToHide);
    // Recorded with the change (issue 17).
    await recordAudit(
      tx,
      audit,
      change.status
        ? { action: 'user.status', targetType: 'user', targetId: target.id, before: { status: target.status }, after: { status: change.status } }
        : { action: 'user.role', targetType: 'user', targetId: target.id, before: { role: target.role }, after: { role: change.role } },
    );
    return result.rowCount ?? 0;
  });
}
