// What a form and the API say of a phone that is not a Bangladesh mobile (issue 15).

export const PHONE_MESSAGES = {
  invalid: 'Enter a Bangladesh mobile number, like 01712345678',
} as const;
