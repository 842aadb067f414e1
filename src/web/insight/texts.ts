import { INSIGHT_TEXTS as EN } from '../../shared/insight/texts';
import { fill, i18n, plural } from '../i18n';

// The admin home's charts in English (issue 16): the range picker, the four charts, their tables
// and the district map. The specification's texts come from src/shared/insight/texts.ts unchanged
// (the CSV buttons elsewhere read them there); the Bangla catalogue is src/web/insight/texts.bn.ts.

export const INSIGHT_PAGE_TEXTS = {
  'insight/panel': {
    heading: EN.heading,
    loading: EN.loading,
    failed: EN.failed,
    retry: EN.retry,
    noRequests: EN.noRequests,
  },
  'insight/range': {
    range: EN.range,
    from: EN.from,
    to: EN.to,
    apply: EN.apply,
    bloodGroup: EN.bloodGroup,
    division: EN.division,
    any: EN.any,
    badRange: EN.badRange,
  },
  /** The range choices, by RangePreset. */
  'insight/presets': { ...EN.presets },
  /** How requests stand, by Outcome. */
  'insight/outcomes': { ...EN.outcomes },
  'insight/charts': {
    requestsTitle: EN.requestsTitle,
    requestsCaption: EN.requestsCaption,
    pledgeTitle: EN.pledgeTitle,
    pledgeCaption: EN.pledgeCaption,
    median: EN.median,
    p90: EN.p90,
    hours: EN.hours,
    within60: EN.within(EN.withinLabels[60]),
    within360: EN.within(EN.withinLabels[360]),
    within1440: EN.within(EN.withinLabels[1440]),
    groupsTitle: EN.groupsTitle,
    groupsCaption: EN.groupsCaption,
    bloodGroup: EN.bloodGroup,
    requests: EN.requests,
    unanswered: EN.unanswered,
    eligibleDonors: EN.eligibleDonors,
    donorsPerRequest: EN.donorsPerRequest,
    shortage: EN.shortage,
    showTable: EN.showTable,
    period: EN.period,
    total: EN.total,
  },
  /** The pledge funnel (issue 33). */
  'insight/funnel': {
    title: 'From alert to donation',
    caption: 'For the requests of the range: the alerts sent, the donors who said yes, came and gave',
    alerted: 'Alerts sent',
    accepted: 'Said yes',
    arrived: 'Came',
    donated: 'Gave blood',
    showRate: 'Show rate',
    showRateHint: 'Gave blood, of the pledges with an outcome',
    firstPledge: 'Hours to the first pledge',
    lastUnit: 'Hours to the last unit',
    medianAndP90: fill('{median} (90%: {p90})'),
  },
  'insight/map': {
    mapTitle: EN.mapTitle,
    mapCaption: EN.mapCaption,
    mapHint: EN.mapHint,
    district: EN.district,
    requests: EN.requests,
    unanswered: EN.unanswered,
    unansweredShare: EN.unansweredShare,
    eligibleDonors: EN.eligibleDonors,
    // A mark's figures read out: EN.districtFigures, in parts ("Dhaka: 12 requests, 3 unanswered (25%), 40 eligible donors").
    markRequests: plural({ one: '{count} request', other: '{count} requests' }),
    markUnanswered: fill('{count} unanswered'),
    markDonors: plural({ one: '{count} eligible donor', other: '{count} eligible donors' }),
  },
};

export const panelText = i18n('insight/panel', INSIGHT_PAGE_TEXTS['insight/panel']);
export const rangeText = i18n('insight/range', INSIGHT_PAGE_TEXTS['insight/range']);
export const presetText = i18n('insight/presets', INSIGHT_PAGE_TEXTS['insight/presets']);
export const outcomeText = i18n('insight/outcomes', INSIGHT_PAGE_TEXTS['insight/outcomes']);
export const chartText = i18n('insight/charts', INSIGHT_PAGE_TEXTS['insight/charts']);
export const mapText = i18n('insight/map', INSIGHT_PAGE_TEXTS['insight/map']);
export const funnelText = i18n('insight/funnel', INSIGHT_PAGE_TEXTS['insight/funnel']);

/** What a missing figure shows in both languages. */
export const NONE = EN.none;
