// What other folders use of the contact feature (issue 38): the operator's details for the footer
// and the home page, and the contact form's call. Small: every page's frame loads it.
export { HelplineLink } from './helpline-link';
export { useSendContactMessage, useSiteInfo } from './site-api';
