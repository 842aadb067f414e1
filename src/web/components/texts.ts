import { CONTACT, DOCUMENT_TITLE, FOOTER, HOME_ACTIONS, HOME_HEADING, NAV_LABELS, PAGE_HEADINGS, SITE_DESCRIPTION, SITE_NAME, TAGLINE, THEME_TOGGLE_LABEL } from '../../shared/site/texts';
import { fill, i18n } from '../i18n';

// The site's frame in English (issue 16): navbar, dashboard menu, footer, home page, error pages.
// The specification's texts come from src/shared/site/texts.ts and the route table unchanged; the
// Bangla catalogue is src/web/components/texts.bn.ts.

export const SITE_TEXTS = {
  'site/brand': { name: SITE_NAME, tagline: TAGLINE, title: DOCUMENT_TITLE, heading: HOME_HEADING, description: SITE_DESCRIPTION },
  'site/nav': {
    ...NAV_LABELS,
    menu: 'Menu',
    main: 'Main',
    accountMenu: fill('Account menu for {name}'),
    loadingAccount: 'Loading account',
    skipToContent: 'Skip to content',
    themeToggle: THEME_TOGGLE_LABEL,
    toLight: 'Switch to light theme',
    toDark: 'Switch to dark theme',
    language: 'Language',
    // Issue 38: the way in for a family that needs blood (navbar, dashboard menu, home hero).
    requestBlood: 'Request blood',
  },
  'site/pages': PAGE_HEADINGS,
  'site/home': {
    ...HOME_ACTIONS,
    intro:
      'When a patient in Dhaka, Chattogram or a district hospital needs blood, the right donor is often close by. Register once with your blood group and upazila, and people searching for blood can find you. Looking for blood? Search donors near the hospital in seconds.',
    bannerHeading: 'Connecting donors with recipients',
    bannerText:
      'Finding blood in an emergency still depends on phone calls, social media posts and luck. This application puts willing donors and people in urgent need in one place, organised by blood group and location across Bangladesh’s divisions, districts and upazilas, so a request reaches the people who can actually help.',
    step1Title: 'Post a request',
    step1Text:
      'Share the patient’s blood group, the hospital, its district and upazila, and when the blood is needed. Donors browsing requests see it at once.',
    step2Title: 'Find a matching donor',
    step2Text:
      'Search registered donors by blood group, division, district and upazila, and contact someone who lives near the hospital.',
    step3Title: 'Donate and follow up',
    // Where each step card leads (issue 38).
    step1Link: 'Request blood',
    step2Link: 'Search donors',
    step3Link: 'See who needs blood',
    step3Text:
      'A donor confirms on the request page, and the request moves from pending to in progress to done, so nobody is left guessing.',
    everyGroup: 'Every blood group is needed',
    bloodGroups: 'Blood groups',
    eligibility:
      'Most healthy adults aged 18 to 60 who weigh at least 50 kg can give blood, usually once every four months. The blood bank checks your health before every donation, and a single donation can help more than one patient.',
  },
  'site/contact': {
    heading: CONTACT.heading,
    nameLabel: CONTACT.nameLabel,
    emailLabel: CONTACT.emailLabel,
    messageLabel: CONTACT.messageLabel,
    submit: CONTACT.submit,
    sentNote: CONTACT.sentNote,
    helplineLabel: CONTACT.helplineLabel,
    // The operator's contact email (SITE_CONTACT_EMAIL), when set (issue 38).
    emailUsLabel: 'Email us',
    sending: 'Sending…',
    sendFailed: 'The message could not be sent. Check your connection and try again.',
    intro:
      'Questions about donating, a request you posted, or working with us as a hospital, blood bank, school or youth club? Send us a message. If a patient needs blood now, call the helpline instead.',
    // Without a helpline (SITE_HELPLINE not set), the way to act at once is a request.
    introNoHelpline:
      'Questions about donating, a request you posted, or working with us as a hospital, blood bank, school or youth club? Send us a message. If a patient needs blood now, post a request instead: donors near the hospital are told at once.',
  },
  'site/footer': {
    ...FOOTER,
    service1: 'Urgent blood requests',
    service2: 'Donor search by blood group and area',
    service3: 'Donation awareness articles',
    madeFor: fill('© {year} {site}. Made for blood donors and patients across Bangladesh.'),
  },
  'site/common': {
    loading: 'Loading…',
    pages: 'Pages',
    previous: 'Previous',
    next: 'Next',
    pageOf: fill('Page {page} of {pages}'),
    notFoundText: 'The page you are looking for does not exist or has moved. Check the address, or start again from the home page.',
    goHome: 'Go to the home page',
    newVersion: 'A new version of the site is available. Reload the page to continue.',
    crashed: 'This page ran into a problem. Reloading often helps; if it keeps happening, please try again later.',
    reload: 'Reload the page',
    titleSuffix: fill('{title} | {site}'),
    cancel: 'Cancel',
    close: 'Close',
    picturePreview: 'Chosen picture preview',
    checkingSession: 'Checking your session…',
    checkingAccess: 'Checking your access…',
  },
};

export const brandText = i18n('site/brand', SITE_TEXTS['site/brand']);
export const navText = i18n('site/nav', SITE_TEXTS['site/nav']);
export const pagesText = i18n('site/pages', SITE_TEXTS['site/pages']);
export const homeText = i18n('site/home', SITE_TEXTS['site/home']);
export const contactText = i18n('site/contact', SITE_TEXTS['site/contact']);
export const footerText = i18n('site/footer', SITE_TEXTS['site/footer']);
export const commonText = i18n('site/common', SITE_TEXTS['site/common']);
