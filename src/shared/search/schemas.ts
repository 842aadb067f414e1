import { z } from 'zod';
import { BLOOD_GROUPS, parseSearchBloodGroup } from '../matching/model';
import { locationIdSchema } from '../locations/schemas';
import { SEARCH_MESSAGES } from './texts';

/**
 * GET /search?bloodGroup=&&district=&&division=&&upazila= : any subset of the four. The blood
 * group is the spec's code (AA, BB, ABAB, OO, A-, ...) or a properly encoded group (A%2B).
 */
/** `true` / `false` in a query string (absent: false). */
const booleanFlag = z
  .enum(['true', 'false'], { error: SEARCH_MESSAGES.trueOrFalse })
  .optional()
  .transform((v) => v === 'true');

export const searchQuerySchema = z.object({
  bloodGroup: z
    .string()
    .max(10)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const group = parseSearchBloodGroup(v);
      if (!group) {
        ctx.addIssue({ code: 'custom', message: SEARCH_MESSAGES.unknownBloodGroup });
        return z.NEVER;
      }
      return group;
    }),
  division: z.union([z.literal('').transform(() => undefined), locationIdSchema]).optional(),
  district: z.union([z.literal('').transform(() => undefined), locationIdSchema]).optional(),
  upazila: z.union([z.literal('').transform(() => undefined), locationIdSchema]).optional(),
  /** Also donors whose group can give to the searched group (red cells), identical group first. */
  compatible: booleanFlag,
  /** Only donors who are available and past their interval today. */
  eligibleOnly: booleanFlag,
});

/** A donor as the public search shows it: contact and location, nothing else. */
export const donorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  blood_group: z.enum(BLOOD_GROUPS),
  division: z.string(),
  district: z.string(),
  upazila: z.string(),
  /** The places' ids (as the location API writes them), to show their Bangla names (issue 16). */
  divisionId: z.string(),
  districtId: z.string(),
  upazilaId: z.string(),
});
export type Donor = z.infer<typeof donorSchema>;
