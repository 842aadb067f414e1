import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/accounts';
import { images } from '../db/schema/content';
import { imageBytes, multipart, pngBomb, registerUser } from '../../../test/fixtures';
import { createTestApp, errorBody, type TestApp } from '../../../test/helpers';
import { deleteOrphanImages, sniffImageType } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const upload = (filename: string, type: string, bytes: Buffer, field = 'image') =>
  t.app.inject({ method: 'POST', url: '/api/images', ...multipart(field, filename, type, bytes) });
const imageCount = async () => (await t.database.db.select({ id: images.id }).from(images)).length;

describe('POST /api/images', () => {
  it.each(['png', 'jpeg', 'gif'] as const)('accepts a %s, re-encodes it and serves it with long caching', async (format) => {
    const res = await upload(`x.${format}`, `image/${format}`, await imageBytes(format));
    expect(res.statusCode).toBe(201);
    const url = (res.json() as { success: boolean; data: { display_url: string } }).data.display_url;
    expect(res.json()).toMatchObject({ success: true });
    expect(url).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    const got = await t.app.inject(url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(got.rawPayload).metadata()).format).toBe('webp');
  });

  it('strips metadata and bounds the longest side to 1024 px', async () => {
    const big = await sharp({ create: { width: 2400, height: 600, channels: 3, background: '#c00' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'secret-name', Copyright: 'gps-here' } })
      .toBuffer();
    expect((await sharp(big).metadata()).exif).toBeDefined();
    const res = await upload('big.jpg', 'image/jpeg', big);
    expect(res.statusCode).toBe(201);
    const got = await t.app.inject((res.json() as { data: { display_url: string } }).data.display_url);
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta.width).toBe(1024);
    expect(meta.height).toBe(256);
    expect(meta.exif).toBeUndefined();
    expect(got.rawPayload.includes('secret-name')).toBe(false);
  });

  it('judges by the bytes: a text file named .png with type image/png is refused (415)', async () => {
    const before = await imageCount();
    const res = await upload('evil.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    expect(res.statusCode).toBe(415);
    errorBody(res);
    // ...and a real PNG declared as text is accepted.
    expect((await upload('photo.txt', 'text/plain', await imageBytes('png'))).statusCode).toBe(201);
    expect(await imageCount()).toBe(before + 1);
  });

  it('refuses other image formats by their bytes (415)', async () => {
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).webp().toBuffer();
    expect((await upload('x.webp', 'image/jpeg', webp)).statusCode).toBe(415);
  });

  it('refuses a truncated image (400)', async () => {
    const png = await imageBytes('png', 300, 300);
    const res = await upload('cut.png', 'image/png', png.subarray(0, Math.floor(png.length / 2)));
    expect(res.statusCode).toBe(400);
    errorBody(res);
  });

  it('refuses a decompression bomb without decoding it (413)', async () => {
    const bomb = pngBomb(12_000, 12_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(12_000);
    const res = await upload('bomb.png', 'image/png', bomb);
    expect(res.statusCode).toBe(413);
    expect(errorBody(res).code).toBe('IMAGE_TOO_LARGE');
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  }, 60_000);

  it('refuses a file over 5 MB (413) and stores nothing', async () => {
    const before = await imageCount();
    const png = await imageBytes('png');
    const huge = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await upload('huge.png', 'image/png', huge);
    expect(res.statusCode).toBe(413);
    errorBody(res);
    expect(await imageCount()).toBe(before);
  });

  it('refuses a wrong field, an empty file, and a non-multipart body', async () => {
    expect((await upload('x.png', 'image/png', await imageBytes(), 'photo')).statusCode).toBe(400);
    expect((await upload('x.png', 'image/png', Buffer.alloc(0))).statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/images', payload: { image: 'x' } });
    expect(json.statusCode).toBe(415);
    errorBody(json);
  });
});

describe('GET /api/images/{id}', () => {
  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await t.app.inject('/api/images/6f1c1d9e-5f57-4a5e-9d3c-2a1b0c9d8e7f')).statusCode).toBe(404);
    const bad = await t.app.inject("/api/images/1'%20OR%20'1'='1");
    expect(bad.statusCode).toBe(400);
    errorBody(bad);
  });
});

describe('unreferenced images', () => {
  it('are deleted 24 h after upload; referenced and recent ones stay', async () => {
    const user = await registerUser(t.app);
    const [avatar] = await t.database.db.select({ image: users.image }).from(users).where(sql`${users.id} = ${user.id}`);
    const orphan = (await (await upload('o.png', 'image/png', await imageBytes())).json()) as { data: { display_url: string } };
    const recent = (await (await upload('r.png', 'image/png', await imageBytes())).json()) as { data: { display_url: string } };
    const idOf = (url: string) => url.split('/').pop()!;
    await t.database.db.execute(
      sql`UPDATE images SET created_at = now() - interval '25 hours' WHERE id IN (${idOf(orphan.data.display_url)}::uuid, ${idOf(avatar!.image!)}::uuid)`,
    );
    expect(await deleteOrphanImages(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject(orphan.data.display_url)).statusCode).toBe(404);
    expect((await t.app.inject(avatar!.image!)).statusCode).toBe(200);
    expect((await t.app.inject(recent.data.display_url)).statusCode).toBe(200);
  });
});

describe('sniffImageType', () => {
  it('reads the magic bytes', async () => {
    expect(sniffImageType(await imageBytes('png'))).toBe('image/png');
    expect(sniffImageType(await imageBytes('jpeg'))).toBe('image/jpeg');
    expect(sniffImageType(await imageBytes('gif'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('GIF8'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});
