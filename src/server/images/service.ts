import { eq, type SQL, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_PATH_PATTERN, MAX_IMAGE_SIDE } from '../../shared/images/model';
import type { Db, Tx } from '../db/client';
import { images } from '../db/schema/content';
import { badRequest, HttpError } from '../errors';
import { IMAGE_MESSAGES } from '../../shared/images/texts';

// Decoding a 16k x 16k "decompression bomb" would take gigabytes: refuse above ~50 megapixels.
const MAX_INPUT_PIXELS = 50_000_000;
export const ORPHAN_IMAGE_AGE_HOURS = 24;


/** The type of an image by its first bytes; the declared type and the file name are ignored. */
export function sniffImageType(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/gif' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  return null;
}

/** Re-encodes to WebP: metadata (EXIF, GPS) dropped, orientation applied, longest side <= 1024 px. */
export async function reencode(bytes: Buffer) {
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType: 'image/webp' };
  } catch (err) {
    const message = (err as Error).message ?? '';
    if (/pixel limit/i.test(message)) throw new HttpError(413, IMAGE_MESSAGES.tooLarge, 'IMAGE_TOO_LARGE');
    throw badRequest(IMAGE_MESSAGES.unreadable);
  }
}

export async function storeImage(db: Db, image: Awaited<ReturnType<typeof reencode>>): Promise<string> {
  const [row] = await db
    .insert(images)
    .values({ data: image.data, contentType: image.contentType, width: image.width, height: image.height })
    .returning({ id: images.id });
  return row!.id;
}

export async function loadImage(db: Db, id: string) {
  const [row] = await db.select({ data: images.data, contentType: images.contentType }).from(images).where(eq(images.id, id)).limit(1);
  return row ?? null;
}

export const imagePath = (id: string) => `/api/images/${id}`;

/**
 * The id of one of our images from a URL the client sent: `/api/images/<uuid>` or the same path
 * on this site's own origin. Anything else is null.
 */
export function ownImageId(url: string, publicUrl: string): string | null {
  let pathname = url;
  if (!url.startsWith('/')) {
    try {
      const parsed = new URL(url);
      if (parsed.origin !== new URL(publicUrl).origin) return null;
      pathname = parsed.pathname;
    } catch {
      return null;
    }
  }
  return IMAGE_PATH_PATTERN.exec(pathname)?.[1] ?? null;
}

export async function imageExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: images.id }).from(images).where(eq(images.id, id)).limit(1);
  return Boolean(row);
}

/** A picture sent in a form (an avatar, a blog's thumbnail) must be one uploaded to our image endpoint that still exists. */
export async function checkOwnImage(db: Db, url: string, publicUrl: string, field = 'avatar'): Promise<string> {
  const id = ownImageId(url, publicUrl);
  if (!id || !(await imageExists(db, id))) {
    throw badRequest(IMAGE_MESSAGES.usePicker, [{ path: `body.${field}`, message: IMAGE_MESSAGES.unknownPicture }]);
  }
  return imagePath(id);
}

/**
 * Nothing shows the picture at `path` (an SQL text expression `/api/images/<uuid>`): no user's
 * avatar, no blog's thumbnail, no image or link in a blog's content. Requests hold no pictures.
 * The orphan sweep and an account's deletion use this one predicate.
 */
const unreferenced = (path: SQL) => sql`
      NOT EXISTS (SELECT 1 FROM users u WHERE u.image = ${path})
      AND NOT EXISTS (SELECT 1 FROM blogs b WHERE b.thumbnail = ${path})
      AND NOT EXISTS (SELECT 1 FROM blogs b WHERE strpos(b.content, ${path}) > 0)`;

/**
 * Pictures uploaded more than 24 h ago that nothing points to (an abandoned registration, a
 * replaced avatar, one kept at an account's deletion because it was shared then) are deleted.
 */
export async function deleteOrphanImages(db: Db): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM images i
    WHERE i.created_at < now() - make_interval(hours => ${ORPHAN_IMAGE_AGE_HOURS})
      AND ${unreferenced(sql`'/api/images/' || i.id::text`)}`);
  return result.rowCount ?? 0;
}

/**
 * Deletes one picture now, of any age, if nothing references it any more (issue 30, point 5: a
 * deleted account's avatar goes, unless another account or a blog shows the same picture). Call it
 * after the caller's own reference is gone, in the caller's transaction. Every committed reference
 * keeps the picture (two accounts sharing one and deleting at once both keep it; the sweep takes
 * it). A reference not yet committed is not seen: a registration racing the deletion with this
 * very picture is left with a broken avatar of its own; nobody else's picture goes.
 */
export async function deleteImageIfUnreferenced(db: Db | Tx, id: string): Promise<boolean> {
  const result = await db.execute(sql`
    DELETE FROM images i
    WHERE i.id = ${id}::uuid
      AND ${unreferenced(sql`${imagePath(id)}::text`)}`);
  return (result.rowCount ?? 0) > 0;
}
