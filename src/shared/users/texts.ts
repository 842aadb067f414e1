// The spec's account texts and the server's account messages.

import { type Role, USER_SEARCH_MAX_LENGTH } from './model';

/** The spec's texts (sections 2, 5, 8), reproduced exactly. */
export const USER_MESSAGES = {
  emailRequired: '*Email field is required',
  emailInvalid: '*Please enter a valid email address',
  nameRequired: '*Name field is required',
  /** The login form's email error reads like this in the spec. */
  loginEmailRequired: '*Name field is required',
  bloodGroupRequired: 'Blood Group field is required',
  divisionRequired: 'Division field is required',
  districtRequired: 'District field is required',
  upazilaRequired: 'Upazila field is required',
  photoRequired: '*Photo field is required',
  passwordRequired: '*Password field is required',
  passwordMin: '*Password must be 6 characters',
  passwordMax: '*Password must be less then 20 characters',
  passwordPattern: '*Password must have one uppercase, one lowercase, one number and one special characters',
  passwordMismatch: '* Password do not match',
  userCreated: 'User Created Successfully',
  profileTitle: 'Update your profile',
  accountActive: 'Account Is Active!',
  accountBlocked: 'Account Is Blocked!',
  roleChanged: {
    admin: 'This Account Is Admin Account!',
    volunteer: 'This Account Is Volunteer Account!',
    donner: 'This Account Is Donner Account!',
  } satisfies Record<Role, string>,
  confirmTitle: 'Are you sure?',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  invalidCredentials: 'Invalid email or password',
  lastDonationInFuture: 'The last donation date must be a real day, today or before',
  lastDonationLabel: 'Last donation',
  availableLabel: 'Available to donate',
  availableHint: 'Switch off while you are ill, travelling or otherwise cannot give: you will not be matched.',
  donationCountLabel: 'Donations',
  nextEligibleLabel: 'Can give again',
  eligibleNow: 'Now',
  lastAdmin: 'This is the last active admin: make another admin first.',
  signInLocked: (minutes: number) =>
    `Too many failed sign-ins for this account: try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or sign in from a device you have used before.`,
  noUser: 'No user with this email',
  ownProfileEdit: 'You can only edit your own profile',
  ownProfileView: 'You can only see your own profile',
  emailFixed: 'The email of an account cannot be changed',
  emailFixedField: 'Email cannot be changed',
  statusOrRole: 'Give exactly one of status or role',
  nameTooLong: 'Name must be at most 100 characters',
  alreadyStatus: (status: string) => `This account is already ${status}`,
  alreadyRole: (role: string) => `This account is already ${role}`,
} as const;

/** The 400s of GET /users' filters. */
export const USER_LIST_MESSAGES = {
  unknownRole: 'Not a role: use admin, volunteer or donner',
  unknownBloodGroup: 'Unknown blood group',
  searchTooLong: `Search for at most ${USER_SEARCH_MAX_LENGTH} characters`,
} as const;

export const PASSWORD_RESET_MESSAGES = {
  disabled: 'Password reset by email is not set up on this site',
  invalidLink: 'This reset link is not valid or has expired: ask for a new one',
} as const;

/** Sign-in and the access token's messages (src/server/auth/). */
export const AUTH_MESSAGES = {
  invalidToken: 'Invalid or expired token',
  missingAuthorization: 'Missing or malformed Authorization header',
  noSession: 'Sign in first: no valid session for this email',
  sessionEnded: 'This session has ended: sign in again',
  ownAccountOnly: 'You can only check your own account',
} as const;
