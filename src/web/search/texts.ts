import { PRIVACY_TEXTS } from '../../shared/privacy/texts';
import { SEARCH_MESSAGES } from '../../shared/search/texts';
import { PAGE_HEADINGS } from '../../shared/site/texts';
import { i18n, plural } from '../i18n';

// The donor search in English (issue 16): the page, the form and the results. The
// specification's texts come from src/shared unchanged; the Bangla catalogue is
// src/web/search/texts.bn.ts. Zod-free: the public search page imports it.

export const SEARCH_TEXTS = {
  'search/page': {
    heading: PAGE_HEADINGS.searchDonors,
    intro: 'Find registered donors by blood group and where they live. Choose any of the fields below, then contact a donor by email.',
    results: 'Donors',
    found: plural({ one: '{count} donor found', other: '{count} donors found' }),
    chooseFirst: 'Choose a blood group, a place, or both, and press Search.',
    searching: 'Searching donors…',
    failed: 'The search failed.',
    tryAgain: 'Try again',
    emptyPage: 'There are no donors on this page.',
    noResults: SEARCH_MESSAGES.noResults,
    wider: 'Try a wider search, for example without the upazila.',
    pages: 'Search result pages',
    // Issue 38: a visitor sees masked emails; signing in shows how to reach a donor.
    signInNote: 'Donors’ email addresses are partly hidden until you sign in.',
    signIn: 'Sign in to see how to reach a donor',
  },
  'search/form': {
    label: 'Search donors',
    bloodGroup: 'Blood group',
    bloodGroupPlaceholder: 'Blood Group',
    division: 'Division',
    district: 'District',
    upazila: 'Upazila',
    fillAny: SEARCH_MESSAGES.fillAny,
    compatible: 'Also donors of compatible groups',
    eligibleOnly: 'Only donors who can give now',
    search: 'Search',
    clear: 'Clear',
  },
  'search/results': {
    caption: 'Donors matching the search',
    bloodGroupBefore: 'Blood group ',
    avatar: 'Avatar',
    name: 'Name',
    email: 'Email',
    bloodGroup: 'Blood group',
    district: 'District',
    upazila: 'Upazila',
    maskedEmailHint: PRIVACY_TEXTS.maskedEmailHint,
  },
};

export const searchPageText = i18n('search/page', SEARCH_TEXTS['search/page']);
export const searchFormText = i18n('search/form', SEARCH_TEXTS['search/form']);
export const searchResultsText = i18n('search/results', SEARCH_TEXTS['search/results']);
