import { PAGE_HEADINGS } from '../../shared/site';
import { OUTREACH_MESSAGES } from '../../shared/outreach-rules';
import { USER_MESSAGES } from '../../shared/user-rules';
import { fill, i18n } from '../i18n';
import { ACCOUNT_TEXTS } from './form/messages';

// The sign-in side of the account pages in English (issue 16): login, registration, the avatar
// field. The specification's texts come from src/shared (USER_MESSAGES, PAGE_HEADINGS) and the
// account texts in ./form/messages.ts unchanged; the Bangla catalogue is src/web/i18n/bn/auth.ts.

export const AUTH_TEXTS = {
  'auth/login': {
    heading: PAGE_HEADINGS.login,
    intro: 'Welcome back. Log in to manage your profile and donation requests.',
    email: 'Email',
    password: 'Password',
    submit: ACCOUNT_TEXTS.login,
    or: 'or',
    google: 'Continue with Google',
    github: 'Continue with GitHub',
    newHere: 'New here?',
    createAccount: 'Create an account',
    socialFailure: ACCOUNT_TEXTS.socialFailure,
    /** The spec's login email error reads "*Name field is required"; Bangla says what is missing. */
    emailRequired: USER_MESSAGES.loginEmailRequired,
  },
  'auth/register': {
    invite: ACCOUNT_TEXTS.registerInvite,
    heading: PAGE_HEADINGS.register,
    intro: 'One registration puts you on the map for patients who need your blood group near your upazila. It takes a minute.',
    photo: 'Photo',
    fullName: 'Full name',
    email: 'Email',
    // Issue 38: the optional phone, as on the profile form.
    phone: `${OUTREACH_MESSAGES.phoneLabel} (optional)`,
    phoneHint: OUTREACH_MESSAGES.phoneShared,
    password: 'Password',
    passwordHint: fill('6 to 20 characters, with an uppercase and a lowercase letter, a number and one of {specials}'),
    confirmPassword: 'Confirm password',
    confirmToggle: 'confirm password',
    submit: ACCOUNT_TEXTS.createAccount,
    haveAccount: 'Already have an account?',
    login: 'Login',
    created: USER_MESSAGES.userCreated,
  },
  'auth/avatar': {
    uploading: 'Uploading the picture…',
    tooLarge: fill('The picture must be at most {size} MB'),
  },
};

export const loginText = i18n('auth/login', AUTH_TEXTS['auth/login']);
export const registerText = i18n('auth/register', AUTH_TEXTS['auth/register']);
export const avatarText = i18n('auth/avatar', AUTH_TEXTS['auth/avatar']);
