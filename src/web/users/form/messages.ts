// Texts of the account pages that the spec leaves open (its own texts are USER_MESSAGES in
// src/shared/users/texts.ts). Kept here so the e2e specs assert the same strings the pages show.

export const ACCOUNT_TEXTS = {
  registerInvite: 'Join our community of blood donors',
  createAccount: 'Create Account',
  login: 'Login',
  socialFailure: 'Signing in with Google or GitHub did not work. Please try again, or log in with your email and password.',
  profileHeading: 'My Profile',
  edit: 'Edit',
  saveProfile: 'Save Profile',
  cancel: 'Cancel',
  completeProfile: 'Complete your profile so people in need can find you',
  allUsersHeading: 'All Users',
  totalUsers: (n: number) => `Total Users: ${n}`,
} as const;
