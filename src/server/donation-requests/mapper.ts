import type { z } from 'zod';
import type { DonationRequest, donationRequestInputSchema, PublicDonationRequest } from '../../shared/donation-requests/schemas';
import { isExpiredRequest, neededByOf } from '../../shared/donation-requests/model';
import type { donationRequests } from '../db/schema/requests';
import { checkLocationChain, type LocationIndex } from '../locations/service';

// Between a stored request and the API's: the one place the spec's field names are made, and what
// a request form's input becomes in the row.

export type Row = typeof donationRequests.$inferSelect;
export type Input = z.output<typeof donationRequestInputSchema>;

/** The one place where a stored request becomes the API's (spec names, location names and ids). */
export function toDonationRequest(row: Row, locations: LocationIndex, now = Date.now()): DonationRequest {
  return {
    _id: row.id,
    recipientName: row.recipientName,
    bloodGroup: row.bloodGroup,
    hospitalName: row.hospitalName,
    fullAddress: row.fullAddress,
    donationDate: row.donationDate,
    donationTime: row.donationTime,
    requestMessage: row.requestMessage,
    recipientDivision: locations.divisionName(row.divisionId) ?? '',
    recipientDistrict: locations.districtName(row.districtId) ?? '',
    recipientUpazila: locations.upazilaName(row.upazilaId) ?? '',
    recipientDivisionId: String(row.divisionId),
    recipientDistrictId: String(row.districtId),
    recipientUpazilaId: String(row.upazilaId),
    donationStatus: row.status,
    requesterName: row.requesterName,
    requesterEmail: row.requesterEmail,
    donarName: row.donorName,
    donarEmail: row.donorEmail,
    component: row.component,
    unitsNeeded: row.unitsNeeded,
    urgency: row.urgency,
    expired: isExpiredRequest(row, now),
    pledgeCount: row.pledgeCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPublicDonationRequest(row: Row, locations: LocationIndex): PublicDonationRequest {
  const full = toDonationRequest(row, locations);
  return {
    _id: full._id,
    recipientName: full.recipientName,
    bloodGroup: full.bloodGroup,
    recipientDivision: full.recipientDivision,
    recipientDistrict: full.recipientDistrict,
    recipientUpazila: full.recipientUpazila,
    recipientDivisionId: full.recipientDivisionId,
    recipientDistrictId: full.recipientDistrictId,
    recipientUpazilaId: full.recipientUpazilaId,
    donationDate: full.donationDate,
    donationTime: full.donationTime,
    donationStatus: full.donationStatus,
    component: full.component,
    unitsNeeded: full.unitsNeeded,
    urgency: full.urgency,
    pledgeCount: full.pledgeCount,
  };
}

/** The form's fields as columns; the place checked (400 on a district outside its division, or an upazila outside its district). */
export function fields(locations: LocationIndex, input: Input) {
  const ids = checkLocationChain(locations, {
    division: input.recipientDivision,
    district: input.recipientDistrict,
    upazila: input.recipientUpazila,
  });
  return {
    recipientName: input.recipientName,
    bloodGroup: input.bloodGroup,
    hospitalName: input.hospitalName,
    fullAddress: input.fullAddress,
    donationDate: input.donationDate,
    donationTime: input.donationTime,
    requestMessage: input.requestMessage,
    divisionId: ids.division,
    districtId: ids.district,
    upazilaId: ids.upazila,
    neededBy: neededByOf(input.donationDate, input.donationTime),
  };
}

/** The family's phone: given (or cleared with ''/null), else (create) none or (edit) what the request has. */
export const contactPhoneOf = (input: Input, current?: Pick<Row, 'contactPhone'>) => (input.contactPhone === undefined ? (current?.contactPhone ?? null) : input.contactPhone);

/** What is needed: given values, else (create) the defaults or (edit) what the request has. */
export function needs(input: Input, current?: Pick<Row, 'component' | 'unitsNeeded' | 'urgency'>) {
  return {
    component: input.component ?? current?.component ?? 'whole_blood',
    unitsNeeded: input.unitsNeeded ?? current?.unitsNeeded ?? 1,
    urgency: input.urgency ?? current?.urgency ?? 'normal',
  } as const;
}

export type EditValues = ReturnType<typeof fields> & ReturnType<typeof needs> & { contactPhone: string | null };

/** What an audit row of an edit keeps: the request's fields, without the family's phone (it is not staff's to keep). */
export const editedFields = (v: Pick<EditValues, 'recipientName' | 'hospitalName' | 'donationDate' | 'donationTime' | 'unitsNeeded' | 'urgency' | 'component'>) => ({
  recipientName: v.recipientName,
  hospitalName: v.hospitalName,
  donationDate: v.donationDate,
  donationTime: v.donationTime,
  component: v.component,
  unitsNeeded: v.unitsNeeded,
  urgency: v.urgency,
});
