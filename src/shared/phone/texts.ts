// What a form and the API say of a phone that is not a Bangladesh mobile (issue 15).

export const PHONE_MESSAGES = {
  invalid: 'Enter a Bangladesh mobile number, like 01712345678',
  smsDisabled: 'This site does not send SMS, so phones cannot be verified here',
  codeInvalid: 'Enter the 6-digit code from the SMS',
  codeWrong: 'That code is not right, or it has expired. Ask for a new one.',
  codeBurnt: 'Too many wrong tries: ask for a new code',
  numberTaken: 'This number is already verified on another account',
  noAccount: 'No account has this number yet. Register with it, or sign in with your email and verify it in your profile.',
  hasAccount: 'This number already has an account: log in with it',
} as const;
