import { PAGE_HEADINGS } from '../../shared/site/texts';
import { OUTREACH_MESSAGES } from '../../shared/outreach/texts';
import { USER_MESSAGES } from '../../shared/users/texts';
import { fill, i18n } from '../i18n';
import { ACCOUNT_TEXTS } from './form/messages';

// The sign-in side of the account pages in English (issue 16): login, registration, the avatar
// field. The specification's texts come from src/shared (USER_MESSAGES, PAGE_HEADINGS) and the
// account texts in ./form/messages.ts unchanged; the Bangla catalogue is src/web/users/auth-texts.bn.ts.

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
    forgotPassword: 'Forgot password?',
    socialFailure: ACCOUNT_TEXTS.socialFailure,
    /** The spec's login email error reads "*Name field is required"; Bangla says what is missing. */
    emailRequired: USER_MESSAGES.loginEmailRequired,
    // Issue 32: signing in with a verified phone, where the site sends SMS.
    withEmail: 'With email',
    withPhone: 'With phone',
    phone: 'Mobile number',
    phoneHint: 'The number you verified on your profile, like 01712345678',
    sendCode: 'Send me a code',
    codeSent: fill('We sent a 6-digit code to {phone}. It works for 5 minutes.'),
    code: 'Code from the SMS',
    signInWithCode: 'Log in with the code',
    otherNumber: 'Use another number',
    again: 'Send a new code',
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
    // Issue 32: registration with a phone, no email (the tabs' and the code's words are Login's).
    mobile: 'Mobile number',
    mobileHint: 'We send a 6-digit code to it by SMS. No email or password needed.',
  },
  // "Forgot password?" (issue 38): the link by email, then the link's page.
  'auth/forgot': {
    heading: 'Forgot your password?',
    intro: 'Enter the email address of your account. We will send you a link to choose a new password.',
    email: 'Email',
    submit: 'Send me a link',
    sent: fill('If an account uses {email}, a link to choose a new password is on its way. It works for {minutes} minutes. Look in the spam folder too.'),
    again: 'Use another address',
    disabled: 'This site does not send email, so a password cannot be reset here. Ask a volunteer or an admin for help.',
    backToLogin: 'Back to login',
  },
  'auth/reset': {
    heading: 'Choose a new password',
    intro: 'Once it is set, every device signed in to your account is logged out.',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    confirmToggle: 'confirm new password',
    submit: 'Save the new password',
    done: 'Your password was changed. Log in with the new one.',
    login: 'Login',
    noToken: 'This page needs the link from the email. Ask for a new link if it does not work.',
    askAgain: 'Ask for a new link',
  },
  'auth/avatar': {
    uploading: 'Uploading the picture…',
    tooLarge: fill('The picture must be at most {size} MB'),
  },
};

export const loginText = i18n('auth/login', AUTH_TEXTS['auth/login']);
export const registerText = i18n('auth/register', AUTH_TEXTS['auth/register']);
export const forgotText = i18n('auth/forgot', AUTH_TEXTS['auth/forgot']);
export const resetText = i18n('auth/reset', AUTH_TEXTS['auth/reset']);
export const avatarText = i18n('auth/avatar', AUTH_TEXTS['auth/avatar']);
