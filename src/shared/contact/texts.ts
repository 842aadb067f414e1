// The contact form's and the staff's messages list's messages (issue 38).

import { CONTACT_MESSAGE_MAX } from './model';

export const CONTACT_MESSAGES = {
  messageRequired: 'Write a message',
  messageTooLong: `A message is at most ${CONTACT_MESSAGE_MAX} characters`,
  notFound: 'No such message',
  tooManyFromEmail: 'You have sent several messages in the last hour: please wait a little before sending another',
  handledOnly: 'Only marking a message handled is possible',
  notMessageId: 'Not a message id',
  pageChoice: 'The page is privacy or terms',
} as const;
