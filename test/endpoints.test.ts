import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDocsRoute } from '../src/server/openapi';
import { type ArgsOf, AUTH_ENDPOINTS } from '../src/shared/api/session-endpoints';
import { ENDPOINTS } from '../src/shared/api/endpoints';
import { createTestApp, type TestApp } from './helpers';

// The API contract (src/shared/api/endpoints.ts, decision 029) and the server agree: every endpoint is
// a registered route, every API route is in the contract, and the paths the web builds reach them.

const registered = new Set<string>();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    onRoute: (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
    },
  });
});
afterAll(() => t?.close());

const key = (method: string, pattern: string) => `${method} /api${pattern}`;
const uuid = '00000000-0000-4000-8000-000000000000';

/** One example call per endpoint; the type makes a new endpoint add its own. */
const EXAMPLES: { [K in keyof typeof ENDPOINTS]: ArgsOf<(typeof ENDPOINTS)[K]> } = {
  divisions: undefined,
  districts: { divisionId: '3' },
  upazilas: { districtId: '23' },
  register: undefined,
  registerWithPhone: undefined,
  token: undefined,
  authProviders: undefined,
  isAdmin: { email: 'someone@example.com' },
  user: { email: 'someone@example.com' },
  users: { page: 1, limit: 10, status: 'blocked' },
  updateProfile: { email: 'someone@example.com' },
  changeUser: { email: 'someone@example.com', role: 'volunteer' },
  exportAccount: { email: 'someone@example.com' },
  deleteAccount: { email: 'someone@example.com' },
  donations: { email: 'someone@example.com', page: 1, limit: 10 },
  certificate: { id: uuid },
  certificateCheck: { code: '0123456789abcdef0123456789abcdef' },
  disputeDonation: { id: uuid },
  donationDisputes: { page: 1, limit: 10 },
  createRequest: undefined,
  myRequests: { email: 'someone@example.com', page: 1, limit: 10 },
  request: { id: uuid },
  pendingRequests: { page: 2, limit: 10 },
  allRequests: { page: 1, limit: 10, status: 'done' },
  updateRequest: { id: uuid },
  setDonationStatus: { id: uuid },
  deleteRequest: { id: uuid },
  confirmDonation: { id: uuid },
  matches: { id: uuid, page: 1, limit: 20 },
  respond: { id: uuid },
  withdrawPledge: { id: uuid },
  checkInPledge: { id: uuid },
  recordPledgeOutcome: { id: uuid, pledgeId: uuid },
  outreach: { id: uuid },
  reportRequest: { id: uuid },
  resolveReports: { id: uuid },
  reports: { status: 'open', page: 1, limit: 10 },
  audit: { actor: 'someone@example.com', action: 'user.role', from: '2026-01-01', to: '2026-12-31', page: 1, limit: 10 },
  notifications: { page: 1, limit: 10 },
  unreadCount: undefined,
  markRead: { id: uuid },
  markAllRead: undefined,
  notificationSettings: { email: 'someone@example.com' },
  updateNotificationSettings: { email: 'someone@example.com' },
  unsubscribe: { token: 'x.y' },
  pushPublicKey: undefined,
  pushSubscribe: undefined,
  pushUnsubscribe: undefined,
  searchDonors: { bloodGroup: 'AB-', division: '3', district: '', upazila: '', page: 2, limit: 10 },
  blogs: { status: 'published', page: 1, limit: 9 },
  blog: { id: uuid },
  createBlog: undefined,
  updateBlog: { id: uuid },
  changeBlogStatus: { id: uuid, status: 'draft' },
  deleteBlog: { id: uuid },
  uploadImage: undefined,
  image: { id: uuid },
  adminStats: undefined,
  smsUsage: undefined,
  insightSeries: { from: '2026-01-01', to: '2026-03-31', bucket: 'week', bloodGroup: 'AA', division: '3' },
  insightBreakdown: { by: 'district', from: '2026-01-01', to: '2026-03-31' },
  funnel: { from: '2026-01-01', to: '2026-03-31', division: '3' },
  usersCsv: { status: 'blocked' },
  donationRequestsCsv: { status: 'done', from: '2026-01-01', to: '2026-03-31' },
  fundingLedgerCsv: undefined,
  fundingSummary: undefined,
  funds: { page: 1, limit: 10 },
  checkout: undefined,
  fundingWebhook: undefined,
  twilioStatus: undefined,
  twilioInbound: undefined,
  health: undefined,
  siteInfo: undefined,
  sitePage: { page: 'privacy' },
  sendContactMessage: undefined,
  contactMessages: { page: 1, limit: 10 },
  handleContactMessage: { id: uuid },
};

describe('the API contract', () => {
  it('names a registered route, with its method, for every endpoint', () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) expect(registered, name).toContain(key(endpoint.method, endpoint.pattern));
    for (const [name, endpoint] of Object.entries(AUTH_ENDPOINTS)) expect(registered, name).toContain(key(endpoint.method, endpoint.path));
  });

  it('covers every API route the server registers (better-auth\'s OAuth callbacks are for the providers, the OpenAPI document and its pages for people)', () => {
    const contract = new Set([
      ...Object.values(ENDPOINTS).map((endpoint) => key(endpoint.method, endpoint.pattern)),
      ...Object.values(AUTH_ENDPOINTS).map((endpoint) => key(endpoint.method, endpoint.path)),
    ]);
    const outside = [...registered].filter((route) => route.includes(' /api/') && !contract.has(route) && !isDocsRoute(route.slice(route.indexOf(' ') + 1)));
    expect(outside).toEqual(['GET /api/auth/callback/:providerId', 'POST /api/auth/callback/:providerId']);
  });

  it('builds paths that reach their route', async () => {
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const url = `/api${endpoint.path(EXAMPLES[name as keyof typeof ENDPOINTS] as never)}`;
      const res = await t.app.inject({ method: endpoint.method, url });
      const notRouted = res.statusCode === 404 && String(res.json<{ message?: string }>().message).startsWith('Route ');
      expect(notRouted, `${name}: ${endpoint.method} ${url}`).toBe(false);
    }
  });

  it('keeps the spec\'s query shapes and encodes what it fills in', () => {
    expect(ENDPOINTS.searchDonors.path({ bloodGroup: 'AB-', division: '3', district: '', upazila: '', page: 2, limit: 10 })).toBe(
      '/search?bloodGroup=AB-&&district=&&division=3&&upazila=&page=2&limit=10',
    );
    expect(ENDPOINTS.searchDonors.path({ bloodGroup: 'A+', division: '', district: '', upazila: '', page: 1, limit: 10 })).toMatch(/^\/search\?bloodGroup=A%2B&&/);
    expect(ENDPOINTS.changeUser.path({ email: 'a+b@example.com', status: 'blocked' })).toBe('/users?status=blocked&&email=a%2Bb%40example.com');
    expect(ENDPOINTS.changeUser.path({ email: 'a@example.com', role: 'admin' })).toBe('/users?role=admin&&email=a%40example.com');
    expect(ENDPOINTS.changeBlogStatus.path({ id: 'x/y', status: 'published' })).toBe('/blog?status=published&&id=x%2Fy');
    expect(ENDPOINTS.setDonationStatus.path({ id: '../x' })).toBe('/donationRequest/..%2Fx/status');
    expect(ENDPOINTS.user.path({ email: 'a@example.com' })).toBe('/users/a%40example.com');
    expect(ENDPOINTS.myRequests.path({ email: 'a@example.com', page: 1, limit: 10 })).toBe('/donationRequest?email=a%40example.com&page=1&limit=10');
    expect(ENDPOINTS.allRequests.path({ page: 2, limit: 10, status: 'inprogress' })).toBe('/donationRequestAdmin/admin?page=2&limit=10&status=inprogress');
    expect(ENDPOINTS.blogs.path({ page: 1, limit: 9 })).toBe('/blog?page=1&limit=9');
    expect(ENDPOINTS.divisions.path()).toBe('/division');
  });
});
