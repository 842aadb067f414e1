import { z } from 'zod';
import { LOCATION_MESSAGES } from './texts';

/**
 * Locations of Bangladesh: 8 divisions, 64 districts, 494 upazilas and the 65 metropolitan thanas
 * of Dhaka and Chattogram (kept as upazilas of their district). Ids are the datasets' numeric
 * ids; the API answers them as strings (`_id`, `divisionId`, `districtId`) as the spec's contract
 * does, and accepts them as numbers or numeric strings.
 */

/** A location id as it arrives in a query string or a JSON body. */
export const locationIdSchema = z.coerce
  .number({ error: LOCATION_MESSAGES.locationId })
  .int(LOCATION_MESSAGES.locationId)
  .positive(LOCATION_MESSAGES.locationId)
  .max(1_000_000, LOCATION_MESSAGES.locationId);

export const divisionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  bn_name: z.string(),
  divisionId: z.string(),
});

export const districtSchema = z.object({
  _id: z.string(),
  name: z.string(),
  bn_name: z.string(),
  districtId: z.string(),
  divisionId: z.string(),
});

export const upazilaSchema = z.object({
  _id: z.string(),
  name: z.string(),
  bn_name: z.string(),
  districtId: z.string(),
});

export const districtsQuerySchema = z
  .object({
    divisionId: locationIdSchema.optional(),
    districtId: locationIdSchema.optional(),
  })
  .refine((q) => (q.divisionId === undefined) !== (q.districtId === undefined), {
    message: LOCATION_MESSAGES.divisionOrDistrict,
  });

export type Division = z.infer<typeof divisionSchema>;
export type District = z.infer<typeof districtSchema>;
export type Upazila = z.infer<typeof upazilaSchema>;
