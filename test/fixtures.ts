import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { todayInDhaka } from '../src/shared/dates/model';
import type { Role, UserStatus } from '../src/shared/users/model';
import type { Db } from '../src/server/db/client';
import { users } from '../src/server/db/schema/accounts';
import { PASSWORD, registrationBody as registrationBodyOf } from './registration-body';

export { PASSWORD };

/** A small real PNG (or another format) made with sharp. */
export function imageBytes(format: 'png' | 'jpeg' | 'gif' = 'png', width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

/** A multipart/form-data body with one file part. */
export function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----bdtest${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function uploadImage(app: FastifyInstance): Promise<string> {
  const body = multipart('image', 'avatar.png', 'image/png', await imageBytes());
  const res = await app.inject({ method: 'POST', url: '/api/images', ...body });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { display_url: string } }).data.display_url;
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

/** A valid registration body (test/registration-body.ts) with a fresh email and a freshly uploaded avatar. */
export async function registrationBody(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  return registrationBodyOf({ name: 'Rahim Uddin', email: uniqueEmail(), avatar: await uploadImage(app) }, overrides);
}

/** Turns the Set-Cookie headers of a response into a Cookie request header. */
export function cookieHeader(res: { cookies: { name: string; value: string }[] }): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
  token: string;
  auth: { authorization: string };
}

/** Registers through the API, then exchanges the session for an access token. */
export async function registerUser(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<TestUser> {
  const body = await registrationBody(app, overrides);
  const res = await app.inject({ method: 'POST', url: '/api/users', payload: body });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieHeader(res);
  const token = await tokenFor(app, cookie, body.email);
  return { id: (res.json() as { insertedId: string }).insertedId, email: body.email, password: body.password, cookie, token, auth: { authorization: `Bearer ${token}` } };
}

export async function tokenFor(app: FastifyInstance, cookie: string, email: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie }, payload: { email } });
  if (res.statusCode !== 200) throw new Error(`jwt failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** A registered user with the given role and status (set directly, as an admin would). */
export async function userWith(app: FastifyInstance, db: Db, role: Role, status: UserStatus = 'active'): Promise<TestUser> {
  const user = await registerUser(app, { email: uniqueEmail(role) });
  await db.update(users).set({ role, status }).where(eq(users.id, user.id));
  return user;
}

/** Fails if a response body carries anything that looks like a secret. */
/** An admin blocks or activates a user through the API (PATCH /api/users?status=&&email=). */
export async function setUserStatus(app: FastifyInstance, admin: TestUser, user: TestUser, status: UserStatus): Promise<void> {
  const res = await app.inject({ method: 'PATCH', url: `/api/users?status=${status}&&email=${encodeURIComponent(user.email)}`, headers: admin.auth });
  if (res.statusCode !== 200) throw new Error(`status change failed: ${res.statusCode} ${res.body}`);
}

export function assertNoSecrets(body: string) {
  for (const word of ['password', 'confirm_password', 'hash', 'argon2', '"token"', 'session', 'accessToken', 'refreshToken']) {
    if (body.includes(word)) throw new Error(`response contains ${word}: ${body.slice(0, 300)}`);
  }
}

/**
 * A valid greyscale PNG of width x height zero pixels, built by hand: a 12000 x 12000 one is
 * ~140 KB on the wire and 144 MB decoded (a "decompression bomb").
 */
export function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const row = Buffer.alloc(width + 1); // filter byte 0 + zero pixels
  const deflate = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflate),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The day `n` days from today in Dhaka (YYYY-MM-DD). */
export const inDays = (n: number) => todayInDhaka(Date.now() + n * 86_400_000);

/** A valid POST /api/donationRequest body (Comilla/Debidwar, two days from now); `overrides` replace or add fields. */
export const donationRequestBody = (overrides: Record<string, unknown> = {}) => ({
  recipientName: 'Ayesha Begum',
  bloodGroup: 'B+',
  hospitalName: 'Dhaka Medical College Hospital',
  fullAddress: 'Bakshibazar, Dhaka',
  donationDate: inDays(2),
  donationTime: '10:30',
  requestMessage: 'Needs 2 bags for surgery',
  recipientDivision: '1',
  recipientDistrict: '1',
  recipientUpazila: '1',
  ...overrides,
});
