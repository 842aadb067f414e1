import { and, count, desc, eq } from 'drizzle-orm';
import { isStaff } from '../../shared/access';
import { type CertificateCheck, DELETED_NAME_FIRST, type Donation, DONATION_TEXTS, firstNameOf, verifyPath } from '../../shared/donations';
import type { Lang } from '../../shared/i18n';
import type { Pagination } from '../../shared/pagination';
import type { CurrentUser } from '../auth/guard';
import type { Db } from '../db/client';
import { donationPledges, donationRequests, users } from '../db/schema';
import { forbidden, notFound } from '../errors';
import type { ListPage } from '../lib/list-caches';
import type { LocationIndex } from '../locations/service';
import { renderCertificate } from './certificate-pdf';

// Donor history and thanks (issue 17). A completed donation is a pledge whose request is done: its
// date is the request's donation date, its component, hospital and district the request's.

const completed = (donorId: string) => and(eq(donationPledges.donorId, donorId), eq(donationRequests.status, 'done'));

/** GET /users/{email}/donations: the owner, or active staff; newest first. */
export async function listDonations(db: Db, locations: LocationIndex, actor: CurrentUser, email: string, p: Pagination): Promise<ListPage<Donation>> {
  const target = email.trim().toLowerCase();
  const own = actor.email === target;
  if (!own && !isStaff(actor)) throw forbidden(DONATION_TEXTS.ownOnly);
  const donorId = own ? actor.id : (await db.select({ id: users.id }).from(users).where(eq(users.email, target)).limit(1))[0]?.id;
  if (!donorId) throw notFound(DONATION_TEXTS.noUser);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: donationPledges.id, date: donationRequests.donationDate, component: donationRequests.component, hospital: donationRequests.hospitalName, districtId: donationRequests.districtId })
      .from(donationPledges)
      .innerJoin(donationRequests, eq(donationRequests.id, donationPledges.requestId))
      .where(completed(donorId))
      .orderBy(desc(donationRequests.donationDate), desc(donationPledges.pledgedAt), desc(donationPledges.id))
      .limit(p.limit)
      .offset((p.page - 1) * p.limit),
    db.select({ n: count() }).from(donationPledges).innerJoin(donationRequests, eq(donationRequests.id, donationPledges.requestId)).where(completed(donorId)),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({ _id: r.id, donationDate: r.date, component: r.component, hospitalName: r.hospital, district: locations.districtName(r.districtId) ?? '' })),
  };
}

/** A completed donation with what its certificate shows. */
async function findCompleted(db: Db, where: ReturnType<typeof eq>) {
  const [row] = await db
    .select({
      donorId: donationPledges.donorId,
      donorName: users.name,
      deletedAt: users.deletedAt,
      code: donationPledges.certificateCode,
      date: donationRequests.donationDate,
      component: donationRequests.component,
      hospital: donationRequests.hospitalName,
      districtId: donationRequests.districtId,
    })
    .from(donationPledges)
    .innerJoin(donationRequests, eq(donationRequests.id, donationPledges.requestId))
    .innerJoin(users, eq(users.id, donationPledges.donorId))
    .where(and(where, eq(donationRequests.status, 'done')))
    .limit(1);
  return row ?? null;
}

/** GET /donations/{id}/certificate.pdf: the donor, or active staff. */
export async function certificatePdf(db: Db, locations: LocationIndex, publicUrl: string, actor: CurrentUser, id: string, lang: Lang): Promise<Buffer> {
  const row = await findCompleted(db, eq(donationPledges.id, id));
  if (!row) throw notFound(DONATION_TEXTS.noDonation);
  if (row.donorId !== actor.id && !isStaff(actor)) throw forbidden(DONATION_TEXTS.certificateForbidden);
  return renderCertificate({
    name: row.donorName,
    date: row.date,
    hospital: row.hospital,
    district: locations.districtName(row.districtId, lang) ?? '',
    component: row.component,
    code: row.code,
    verifyUrl: `${publicUrl.replace(/\/+$/, '')}${verifyPath(row.code)}`,
    lang,
  });
}

/** GET /certificates/{code} (public): genuine or 404; no more than the first name, the date and the district. */
export async function checkCertificate(db: Db, locations: LocationIndex, code: string): Promise<CertificateCheck> {
  const row = await findCompleted(db, eq(donationPledges.certificateCode, code));
  if (!row) throw notFound(DONATION_TEXTS.noCertificate);
  return {
    firstName: row.deletedAt ? DELETED_NAME_FIRST : firstNameOf(row.donorName),
    donationDate: row.date,
    district: locations.districtName(row.districtId) ?? '',
  };
}
