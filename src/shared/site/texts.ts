// User-facing copy shared by the web app and its tests. The spec's texts are a contract:
// change them here only when the spec changes, and the e2e tests follow automatically.

export const SITE_NAME = 'Blood Donation';
export const HOME_HEADING = 'Welcome to the Blood Donation Application';
export const TAGLINE = 'Connecting Lives, One Donation at a Time';
export const DOCUMENT_TITLE = `${SITE_NAME} — ${TAGLINE}`;
/** What the installed app says it is (the web app manifest). */
export const SITE_DESCRIPTION =
  'Find blood donors in Bangladesh by blood group and area, post urgent blood requests, and get alerts when someone near you needs your blood.';

/** Labels of the public navbar, keyed by what they point at. */
export const NAV_LABELS = {
  home: 'Home',
  donationRequests: 'Donation Requests',
  blog: 'Blog',
  funding: 'Funding',
  searchDonors: 'Search Donors',
  login: 'Login',
  register: 'Register',
  dashboard: 'Dashboard',
  logout: 'Logout',
} as const;

export const HOME_ACTIONS = {
  joinAsDonor: 'Join as a Donor',
  searchDonors: 'Search Donors',
} as const;

export const CONTACT = {
  heading: 'Contact Us',
  nameLabel: 'Name',
  emailLabel: 'Email',
  messageLabel: 'Message',
  submit: 'Send Message',
  /** Shown once the message is stored for the site's volunteers (issue 38). */
  sentNote: 'Thank you: your message was sent. Our volunteers read every message and reply by email.',
  /** The helpline is the operator's SITE_HELPLINE (issue 38): none is shown when it is not set. */
  helplineLabel: 'Helpline',
} as const;

/** Footer columns. The spec lists them as non-functional; the texts are kept as written there. */
export const FOOTER = {
  quickLinks: 'Quick Links',
  services: 'services',
  legal: 'Legal',
  termsOfUse: 'Terms of use',
  privacyPolicy: 'Privacy policy',
  cookiePolicy: 'Cookie policy',
} as const;

/** Headings of the pages; the placeholder pages use the same ones their features will keep. */
export const PAGE_HEADINGS = {
  donationRequests: 'Donation Requests',
  requestDetails: 'Request Details',
  blog: 'Blog',
  viewBlog: 'Blog Post',
  searchDonors: 'Search Donors',
  login: 'Login',
  register: 'Register',
  funding: 'Funding',
  dashboard: 'Dashboard',
  notFound: 'Page not found',
  error: 'Something went wrong',
} as const;

export const THEME_TOGGLE_LABEL = 'Dark mode';
