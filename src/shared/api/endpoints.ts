// The API contract, written once (decision 029). For every endpoint below /api: its method, the
// route pattern the server registers, the path the web calls (built from that pattern, with the
// spec's query shapes), and, as types only, the JSON body it takes and what it answers.
//
// Zod-free: the types come from the schema modules by `import type`, so a public page importing
// this adds no schema code. The server registers each route at `ENDPOINTS.x.pattern`; the web calls
// `api.call(ENDPOINTS.x, ...)`; test/endpoints.test.ts checks the two agree. The few the frame of
// every page uses (and the contract's machinery) are in session-endpoints.ts, so the home page's
// bundle carries those and not the whole table.

import { answers, params, query, SESSION_ENDPOINTS } from './session-endpoints';
import type { District, Division, Upazila } from '../locations/schemas';
import type { AuthProviders, UpdateProfileInput, User } from '../users/schemas';
import type { Role, UserStatus } from '../users/model';
import type { BloodGroup } from '../matching/model';
import type { DeletedCount, InsertedId, MatchedCount, ModifiedCount } from './schemas';
import type { AccountExport, DeleteAccountInput, DeleteAccountResult } from '../privacy/schemas';
import type { CertificateCheck, DisputedRequester, Donation } from '../donations/schemas';
import type { DonationRequest, DonationRequestInput, Match, PledgeCheckinInput, PledgeOutcomeInput, PublicDonationRequest } from '../donation-requests/schemas';
import type { DonationStatus, Urgency } from '../donation-requests/model';
import type { Notification, NotificationSettingsPatch, NotificationSettingsView, PushSubscriptionInput } from '../notifications/schemas';
import type { OutreachProgress, RespondInput, RespondResult } from '../outreach/schemas';
import type { ReportInput, ReportQueueRow, ResolveReportsInput, ResolveResult } from '../reports/schemas';
import type { ReportStatus } from '../reports/model';
import type { AuditAction } from '../audit/model';
import type { AuditEntry } from '../audit/schemas';
import type { Donor } from '../search/schemas';
import type { Blog, BlogSummary, CreateBlogInput, UpdateBlogInput } from '../blogs/schemas';
import type { BlogStatus } from '../blogs/model';
import type { ImageUploadResponse } from '../images/schemas';
import type { AdminStats, SmsUsage } from '../stats/schemas';
import type { Funnel, InsightBreakdown, InsightSeries } from '../insight/schemas';
import type { Breakdown, Bucket } from '../insight/model';
import type { CheckoutBody, Fund, FundingSummary } from '../funding/schemas';
import type { ContactMessage, HandleContactMessageInput, SitePageText } from '../contact/schemas';
import type { SitePage } from '../contact/model';

const e = encodeURIComponent;
type Paging = { page: number; limit: number };

export const ENDPOINTS = {
  // Locations (public)
  divisions: answers<Division[]>()('GET', '/division'),
  districts: answers<District[]>()('GET', '/districts', ({ divisionId }: { divisionId: string }) => query({ divisionId })),
  upazilas: answers<Upazila[]>()('GET', '/districts', ({ districtId }: { districtId: string }) => query({ districtId })),

  // Accounts and sessions
  // What every page's frame needs (the session, the admin flag, registering) is in session-endpoints.ts.
  ...SESSION_ENDPOINTS,
  authProviders: answers<AuthProviders>()('GET', '/auth/providers'),
  /** All Users (admin): the spec's list, with search and filters (issue 38). */
  users: answers<User[]>()(
    'GET',
    '/users',
    ({ status, role, bloodGroup, q, page, limit }: Paging & { status?: UserStatus; role?: Role; bloodGroup?: BloodGroup; q?: string }) =>
      query({ page, limit, status, role, bloodGroup, q }),
  ),
  updateProfile: answers<ModifiedCount, UpdateProfileInput>()('PATCH', '/users/:email', params<{ email: string }>),
  /** The spec's shape: PATCH /users?status=...&&email=... or ?role=...&&email=... */
  changeUser: answers<ModifiedCount>()(
    'PATCH',
    '/users',
    ({ email, status, role }: { email: string } & ({ status: UserStatus; role?: never } | { role: Role; status?: never })) =>
      `${status ? `status=${status}` : `role=${role}`}&&email=${e(email)}`,
  ),

  /** Privacy (issue 17): everything the site holds about its owner, and the deletion of the account (owner only). */
  exportAccount: answers<AccountExport>()('GET', '/users/:email/export', params<{ email: string }>),
  deleteAccount: answers<DeleteAccountResult, DeleteAccountInput>()('DELETE', '/users/:email', params<{ email: string }>),
  /** Donor history (issue 17): completed donations (owner and staff), their certificates, and the public check of one. */
  donations: answers<Donation[]>()('GET', '/users/:email/donations', ({ page, limit }: Paging & { email: string }) => query({ page, limit })),
  certificate: answers<Blob>()('GET', '/donations/:id/certificate.pdf', params<{ id: string }>),
  certificateCheck: answers<CertificateCheck>()('GET', '/certificates/:code', params<{ code: string }>),
  /** The donor says "I did not donate" (issue 30): the record, its certificate and its cooldown go (owner only). */
  disputeDonation: answers<ModifiedCount>()('POST', '/donations/:id/dispute', params<{ id: string }>),
  /** Requesters whose completed requests had donations disputed, most first (staff). */
  donationDisputes: answers<DisputedRequester[]>()('GET', '/donations/disputes', ({ page, limit }: Paging) => query({ page, limit })),

  // Donation requests
  createRequest: answers<InsertedId, DonationRequestInput>()('POST', '/donationRequest'),
  myRequests: answers<DonationRequest[]>()(
    'GET',
    '/donationRequest',
    ({ email, status, urgency, page, limit }: Paging & { email: string; status?: DonationStatus; urgency?: Urgency }) =>
      `email=${e(email)}&${query({ page, limit, status, urgency })}`,
  ),
  request: answers<DonationRequest>()('GET', '/donationRequest', ({ id }: { id: string }) => query({ id })),
  pendingRequests: answers<PublicDonationRequest[]>()('GET', '/donationRequest/pending', ({ urgency, page, limit }: Paging & { urgency?: Urgency }) =>
    query({ page, limit, urgency }),
  ),
  allRequests: answers<DonationRequest[]>()(
    'GET',
    '/donationRequestAdmin/admin',
    ({ status, urgency, page, limit }: Paging & { status?: DonationStatus; urgency?: Urgency }) => query({ page, limit, status, urgency }),
  ),
  updateRequest: answers<ModifiedCount, DonationRequestInput>()('PATCH', '/donationRequest/:id', params<{ id: string }>),
  setDonationStatus: answers<ModifiedCount, { donationStatus: 'done' | 'canceled' }>()('PATCH', '/donationRequest/:id/status', params<{ id: string }>),
  deleteRequest: answers<DeletedCount>()('DELETE', '/donationRequest', ({ id }: { id: string }) => query({ id })),
  confirmDonation: answers<MatchedCount>()('PATCH', '/confirmDonation/:id', params<{ id: string }>),
  /** The donors who can give for a request, best first (issue 14): the requester and staff. */
  matches: answers<Match[]>()('GET', '/donationRequest/:id/matches', ({ page, limit }: Paging & { id: string }) => query({ page, limit })),

  /** The signed-in donor answers an alert (issue 15): accept is a pledge, decline is remembered. */
  respond: answers<RespondResult, RespondInput>()('POST', '/donationRequest/:id/respond', params<{ id: string }>),
  /** The signed-in donor withdraws their pledge; the unit is open again. */
  withdrawPledge: answers<ModifiedCount>()('DELETE', '/donationRequest/:id/pledge', params<{ id: string }>),
  /** The pledged donor is on the way, or has arrived (issue 33). */
  checkInPledge: answers<ModifiedCount, PledgeCheckinInput>()('POST', '/donationRequest/:id/pledge/checkin', params<{ id: string }>),
  /** The requester, a volunteer or an admin records what became of a pledge: donated, no_show or deferred (issue 33). */
  recordPledgeOutcome: answers<ModifiedCount, PledgeOutcomeInput>()('PATCH', '/donationRequest/:id/pledges/:pledgeId', params<{ id: string; pledgeId: string }>),
  /** How the search for donors is going: the requester and staff. */
  outreach: answers<OutreachProgress>()('GET', '/donationRequest/:id/outreach', params<{ id: string }>),

  // Reports and the audit trail (issue 17)
  /** Any signed-in user but the requester reports a request, once. */
  reportRequest: answers<InsertedId, ReportInput>()('POST', '/donationRequest/:id/reports', params<{ id: string }>),
  /** Staff resolve every open report of a request at once: dismiss (public again) or remove (canceled). */
  resolveReports: answers<ResolveResult, ResolveReportsInput>()('PATCH', '/donationRequest/:id/reports', params<{ id: string }>),
  /** The moderation queue (staff): one row per reported request. */
  reports: answers<ReportQueueRow[]>()('GET', '/reports', ({ status, page, limit }: Paging & { status?: ReportStatus }) => query({ status, page, limit })),
  /** The audit trail (admins), newest first. */
  audit: answers<AuditEntry[]>()(
    'GET',
    '/audit',
    ({ actor, action, from, to, page, limit }: Paging & { actor?: string; action?: AuditAction; from?: string; to?: string }) =>
      query({ actor, action, from, to, page, limit }),
  ),

  // Notifications: each user only ever sees their own
  notifications: answers<Notification[]>()('GET', '/notifications', ({ page, limit }: Paging) => query({ page, limit })),
  unreadCount: answers<{ count: number }>()('GET', '/notifications/unread-count'),
  markRead: answers<ModifiedCount>()('PATCH', '/notifications/:id/read', params<{ id: string }>),
  markAllRead: answers<ModifiedCount>()('POST', '/notifications/read-all'),
  notificationSettings: answers<NotificationSettingsView>()('GET', '/users/:email/notification-settings', params<{ email: string }>),
  updateNotificationSettings: answers<NotificationSettingsView, NotificationSettingsPatch>()('PATCH', '/users/:email/notification-settings', params<{ email: string }>),
  /** The one-click unsubscribe of an alert email (no sign-in: the signed token names the user). */
  unsubscribe: answers<{ email: false }>()('POST', '/unsubscribe', ({ token }: { token: string }) => query({ token })),
  pushPublicKey: answers<{ publicKey: string }>()('GET', '/push/public-key'),
  pushSubscribe: answers<{ subscribed: true }, PushSubscriptionInput>()('POST', '/push/subscriptions'),
  pushUnsubscribe: answers<DeletedCount, { endpoint: string }>()('DELETE', '/push/subscriptions'),

  // Donor search (public). The spec's shape: GET /search?bloodGroup=&&district=&&division=&&upazila=
  searchDonors: answers<Donor[]>()(
    'GET',
    '/search',
    ({ bloodGroup, district, division, upazila, compatible, eligibleOnly, page, limit }: DonorSearch & Paging) =>
      `bloodGroup=${e(bloodGroup)}&&district=${e(district)}&&division=${e(division)}&&upazila=${e(upazila)}&${query({
        page,
        limit,
        compatible: compatible ? 'true' : undefined,
        eligibleOnly: eligibleOnly ? 'true' : undefined,
      })}`,
  ),

  // Blogs
  blogs: answers<BlogSummary[]>()('GET', '/blog', ({ status, page, limit }: Paging & { status?: BlogStatus }) => query({ status, page, limit })),
  blog: answers<Blog>()('GET', '/blog', ({ id }: { id: string }) => query({ _id: id })),
  createBlog: answers<InsertedId, CreateBlogInput>()('POST', '/blog'),
  /** A post's title, content and thumbnail, its status kept (issue 38): admins; volunteers while it is not published. */
  updateBlog: answers<ModifiedCount, UpdateBlogInput>()('PATCH', '/blog/:id', params<{ id: string }>),
  /** The spec's shape: PATCH /blog?status={status}&&id={id} */
  changeBlogStatus: answers<MatchedCount>()('PATCH', '/blog', ({ id, status }: { id: string; status: BlogStatus }) => `status=${status}&&id=${e(id)}`),
  deleteBlog: answers<DeletedCount>()('DELETE', '/blog', ({ id }: { id: string }) => query({ id })),

  // Images: multipart upload (the body is FormData), and the stored file
  uploadImage: answers<ImageUploadResponse, FormData>()('POST', '/images'),
  image: answers<Blob>()('GET', '/images/:id', params<{ id: string }>),

  // Staff and funding
  adminStats: answers<AdminStats>()('GET', '/admin-stats'),
  /** The admin home's SMS figures (issue 32): segments, messages and failures, today and this month. */
  smsUsage: answers<SmsUsage>()('GET', '/admin-stats/sms'),
  /** The admin home's charts (issue 18): requests per period and time to first pledge; per blood group or district. */
  insightSeries: answers<InsightSeries>()('GET', '/admin-stats/series', (a: InsightArgs & { bucket: Bucket }) =>
    query({ from: a.from, to: a.to, bucket: a.bucket, bloodGroup: a.bloodGroup, division: a.division }),
  ),
  insightBreakdown: answers<InsightBreakdown>()('GET', '/admin-stats/breakdown', (a: InsightArgs & { by: Breakdown }) =>
    query({ by: a.by, from: a.from, to: a.to, bloodGroup: a.bloodGroup, division: a.division }),
  ),
  /** The pledge funnel per week (issue 33): alerted, accepted, arrived, donated; show rate; time to the first pledge and the last unit. */
  funnel: answers<Funnel>()('GET', '/admin-stats/funnel', (a: InsightArgs) => query({ from: a.from, to: a.to, bloodGroup: a.bloodGroup, division: a.division })),
  /** CSV downloads (admins): opened as files, not read as JSON. */
  usersCsv: answers<string>()('GET', '/users.csv', ({ status }: { status?: UserStatus }) => query({ status })),
  donationRequestsCsv: answers<string>()(
    'GET',
    '/donationRequests.csv',
    ({ status, urgency, from, to }: { status?: DonationStatus; urgency?: Urgency; from?: string; to?: string }) => query({ status, urgency, from, to }),
  ),
  fundingLedgerCsv: answers<string>()('GET', '/funding/ledger.csv'),
  fundingSummary: answers<FundingSummary>()('GET', '/funding/summary'),
  funds: answers<Fund[]>()('GET', '/funding', ({ page, limit }: Paging) => query({ page, limit })),
  checkout: answers<{ url: string }, CheckoutBody>()('POST', '/funding/checkout'),
  /** Stripe's webhook: called by Stripe, never by the web. */
  fundingWebhook: answers<{ received: true }>()('POST', '/funding/webhook'),
  /** Twilio's callbacks (SMS_URL twilio://): a text's status, and a text a phone sent. Called by Twilio, never by the web. */
  twilioStatus: answers<{ received: true }>()('POST', '/sms/twilio/status'),
  twilioInbound: answers<string>()('POST', '/sms/twilio/inbound'),

  health: answers<{ status: string }>()('GET', '/health'),

  // The operator's pages and the contact form's messages (issue 38)
  /** The operator's own privacy policy or terms of use (null: the site's default text). */
  sitePage: answers<SitePageText>()('GET', '/site/pages/:page', params<{ page: SitePage }>),
  /** Messages sent with the contact form, newest first (volunteers and admins). */
  contactMessages: answers<ContactMessage[]>()('GET', '/contact-messages', ({ page, limit }: Paging) => query({ page, limit })),
  handleContactMessage: answers<ModifiedCount, HandleContactMessageInput>()('PATCH', '/contact-messages/:id', params<{ id: string }>),
} as const;

/** The range and filters of the admin home's charts; `bloodGroup` is the search code (AA = A+). */
export interface InsightArgs {
  from: string;
  to: string;
  bloodGroup?: string;
  division?: string;
}

/** A donor search as the form holds it: the blood group's search code (AA, A-, ...) and location ids; '' = any. */
export interface DonorSearch {
  bloodGroup: string;
  division: string;
  district: string;
  upazila: string;
  /** Also donors whose group can give to the searched one, identical group first (issue 14). */
  compatible?: boolean;
  /** Only donors who are available and past their interval today. */
  eligibleOnly?: boolean;
}
