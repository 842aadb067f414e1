// Image limits, without the schema library (for pages that do not need it).

/** Picture types a user may choose (spec section 5); the server checks the bytes, not the name. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 1024;

/** Our own image URLs: `/api/images/<uuid>` (absolute URLs of this site are accepted too). */
export const IMAGE_PATH_PATTERN = /^\/api\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
