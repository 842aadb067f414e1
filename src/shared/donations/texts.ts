// Donor history and thanks (issue 17): the history's, the certificate's and the verification
// page's texts, and the server's messages.

import type { DonationBadge } from './model';

export const DONATION_TEXTS = {
  historyTitle: 'My donations',
  historyEmpty: 'No completed donations yet. When the family or a volunteer records that you gave, or marks the request done, it appears here.',
  count: (n: number) => `${n} completed ${n === 1 ? 'donation' : 'donations'}`,
  nextEligible: (date: string | null) => (date ? `You can donate again from ${date}.` : 'You can donate now.'),
  badgesTitle: 'Milestones',
  nextBadge: (badge: DonationBadge, count: number) => `${badge.count - count} more to “${badge.label}”`,
  allBadges: 'Every milestone earned: thank you!',
  certificate: 'Certificate',
  certificateFor: (date: string) => `Download the certificate of the donation of ${date}`,
  loadFailed: 'Your donations could not be loaded.',
  columns: { date: 'Date', component: 'Component', hospital: 'Hospital', district: 'District', certificate: 'Certificate' },
  /** Server messages. */
  ownOnly: 'You can only see your own donations',
  noUser: 'No user with this email',
  noDonation: 'No completed donation with this id',
  certificateForbidden: 'Only the donor and staff can download this certificate',
  noCertificate: 'No certificate with this code',
  disputeOwnOnly: 'Only the donor can dispute a donation recorded for them',
  alreadyDisputed: 'This donation is already disputed',
  /** The history's "I did not donate" (issue 30). */
  dispute: 'I did not donate',
  disputeFor: (date: string) => `I did not donate on ${date}`,
  disputeTitle: 'Remove this donation?',
  disputeText: 'It leaves your history, its certificate stops being valid and your waiting time from it ends. Staff see that the request had a disputed donation.',
  disputed: 'The donation was removed from your history',
  /** The staff's list of requesters with disputed donations (the reports page). */
  disputes: {
    title: 'Requesters with disputed donations',
    intro: 'Donors said they did not give for these requesters\' requests marked done. Many disputes may mean requests are closed to mint certificates.',
    empty: 'No disputed donations.',
    loading: 'Loading the disputed donations…',
    requester: 'Requester',
    count: 'Disputed',
    latest: 'Latest dispute',
  },
  /** The PDF. */
  pdf: {
    title: 'Certificate of Blood Donation',
    presented: 'This certifies that',
    gave: (component: string) => `donated ${component.toLowerCase()}`,
    at: (hospital: string, district: string) => `at ${hospital}, ${district}`,
    on: (date: string) => `on ${date}.`,
    thanks: 'Thank you for giving blood and saving lives.',
    verify: 'Scan to verify, or open:',
    code: (code: string) => `Certificate ${code}`,
  },
  /** The verification page (/verify/:code). */
  verify: {
    title: 'Certificate verification',
    checking: 'Checking the certificate…',
    genuine: 'This certificate is genuine.',
    donor: 'Donor',
    date: 'Date of donation',
    district: 'District',
    notFound: 'No certificate has this code. It may have been mistyped, or the certificate is not genuine.',
    failed: 'The certificate could not be checked. Try again later.',
  },
} as const;

/** What the verification page names a donor whose account was deleted (their name is erased). */
export const DELETED_NAME_FIRST = 'A donor';

/** The 400s of the donation and certificate addresses. */
export const CERTIFICATE_MESSAGES = {
  notCertificateCode: 'Not a certificate code',
  notDonationId: 'Not a donation id',
} as const;
