/** The password of every account the tests register (it meets the password rules). */
export const PASSWORD = 'Secret#12';

/**
 * A valid POST /api/users body, the one builder the API tests (test/fixtures.ts) and the browser
 * tests (e2e/api.ts) share: `avatar` is a picture already uploaded to /api/images; the location is
 * division 1, district 1, upazila 1. `overrides` replace or add fields (an invalid one, say).
 */
export function registrationBody(account: { name: string; email: string; avatar: string }, overrides: Record<string, unknown> = {}) {
  return {
    name: account.name,
    email: account.email,
    avatar: account.avatar,
    blood_group: 'O+',
    division: '1',
    district: '1',
    upazila: '1',
    password: PASSWORD,
    confirm_password: PASSWORD,
    ...overrides,
  };
}
