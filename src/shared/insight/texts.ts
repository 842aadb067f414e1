// Insight's texts (issue 18): the admin home's charts.

import type { Outcome, PLEDGE_WITHIN_MINUTES } from './model';

export const INSIGHT_TEXTS = {
  heading: 'Insight',
  loading: 'Loading the charts',
  failed: 'The charts could not be loaded.',
  retry: 'Try again',
  range: 'Range',
  from: 'From',
  to: 'To',
  apply: 'Apply',
  bloodGroup: 'Blood group',
  division: 'Division',
  any: 'Any',
  presets: { '4w': 'Last 4 weeks', '12w': 'Last 12 weeks', '12m': 'Last 12 months', custom: 'Custom' },
  badRange: 'Choose a start date on or before the end date.',
  outcomes: { done: 'Done', inprogress: 'In progress', canceled: 'Canceled', expired: 'Expired', pending: 'Still pending' } satisfies Record<Outcome, string>,
  requestsTitle: 'Requests over time',
  requestsCaption: 'Donation requests created per period, by how they stand now',
  pledgeTitle: 'Time to first pledge',
  pledgeCaption: 'Median and 90th percentile of the time from a request to its first pledge',
  median: 'Median',
  p90: '90th percentile',
  hours: 'hours',
  within: (label: string) => `Pledged within ${label}`,
  withinLabels: { 60: '1 hour', 360: '6 hours', 1440: '24 hours' } satisfies Record<(typeof PLEDGE_WITHIN_MINUTES)[number], string>,
  groupsTitle: 'Blood groups',
  groupsCaption: 'Requests per blood group next to the active donors who can give today',
  requests: 'Requests',
  unanswered: 'Unanswered',
  eligibleDonors: 'Eligible donors',
  donorsPerRequest: 'Donors per request',
  shortage: 'Short',
  mapTitle: 'Where blood is needed',
  mapCaption: 'One mark per district: its size is the number of requests, its colour the share no donor answered',
  mapHint: 'Hover, tap or focus a mark for its figures.',
  district: 'District',
  unansweredShare: 'Unanswered share',
  noRequests: 'No requests in this range.',
  showTable: 'Show as a table',
  period: 'Period starting',
  total: 'Total',
  none: '—',
  exportCsv: 'Download CSV',
  /** A district's figures, read out for its mark on the map. */
  districtFigures: (name: string, requests: string, unanswered: string, share: string | null, donors: string) =>
    `${name}: ${requests} ${requests === '1' ? 'request' : 'requests'}, ${unanswered} unanswered${share ? ` (${share})` : ''}, ${donors} eligible ${donors === '1' ? 'donor' : 'donors'}`,
} as const;

/** The 400s and 404s of the admin home's figures and the CSV exports. */
export const INSIGHT_MESSAGES = {
  noDivision: 'No division with this id',
  divisionId: 'A division id',
  fromBeforeTo: 'from must be on or before to',
} as const;
