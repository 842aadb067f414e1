import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { PASSWORD, registrationBody } from '../test/registration-body';

// Helpers that set up data through the real API (faster and steadier than clicking through
// forms that other specs already cover).

export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? '4173'}`;
/** The admin scripts/e2e-server.mjs creates at start. */
export const ADMIN = { email: 'admin@e2e.test', password: 'Admin#2026' } as const;
export { PASSWORD };

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

/** A small real picture. */
export function pictureBytes(format: 'png' | 'jpeg' = 'png', colour = '#b91c1c'): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: colour } }).toFormat(format).toBuffer();
}

export async function uploadPicture(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/images', {
    multipart: { image: { name: 'picture.png', mimeType: 'image/png', buffer: await pictureBytes() } },
  });
  if (res.status() !== 201) throw new Error(`upload failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: { display_url: string } }).data.display_url;
}

export interface NewUser {
  name: string;
  email: string;
  password: string;
}

/** Registers a donor through POST /api/users (Comilla district, Debidwar upazila by default). */
export async function registerViaApi(request: APIRequestContext, overrides: Partial<Record<string, string>> = {}): Promise<NewUser> {
  const body = registrationBody({ name: 'Test Donor', email: uniqueEmail(), avatar: await uploadPicture(request) }, overrides);
  const res = await request.post('/api/users', { data: body, headers: { origin: BASE_URL } });
  if (res.status() !== 201) throw new Error(`registration failed: ${res.status()} ${await res.text()}`);
  return { name: body.name, email: body.email, password: body.password };
}

/**
 * Signs the browser in through the API (the session cookie lands in the page's context), then
 * loads `path` so the app picks the session up.
 */
export async function signIn(page: Page, user: { email: string; password: string }, path = '/') {
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password }, headers: { origin: BASE_URL } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  await page.goto(path);
}

/** An access token for API calls made by the test itself (e.g. the admin setting up roles). */
export async function tokenFor(request: APIRequestContext, user: { email: string; password: string }): Promise<string> {
  const signInRes = await request.post('/api/auth/sign-in/email', { data: user, headers: { origin: BASE_URL } });
  if (!signInRes.ok()) throw new Error(`sign-in failed: ${signInRes.status()}`);
  const res = await request.post('/api/jwt', { data: { email: user.email } });
  return ((await res.json()) as { token: string }).token;
}

/** As the admin: set a user's role or status through the API. */
export async function adminChange(request: APIRequestContext, email: string, change: { role?: string; status?: string }) {
  const token = await tokenFor(request, ADMIN);
  const query = change.role ? `role=${change.role}` : `status=${change.status}`;
  const res = await request.patch(`/api/users?${query}&&email=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok()) throw new Error(`admin change failed: ${res.status()} ${await res.text()}`);
}
