// What the site publishes and receives: blog posts, uploaded pictures, contact-form messages.
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const blogs = pgTable(
  'blogs',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    /** Sanitised HTML (allow-listed tags and attributes only). */
    content: text().notNull(),
    /** The first 100 characters of the text, markup removed, for the cards. */
    excerpt: text().notNull(),
    thumbnail: text().notNull(),
    status: text({ enum: ['draft', 'published', 'unpublish'] }).notNull().default('draft'),
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blogs_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('blogs_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('blogs_status_check', sql`${t.status} IN ('draft', 'published', 'unpublish')`),
  ],
);

/** Uploaded pictures, re-encoded (WebP, metadata stripped, longest side <= 1024 px). */
export const images = pgTable(
  'images',
  {
    id: uuid().primaryKey().defaultRandom(),
    data: bytea().notNull(),
    contentType: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_created_at_idx').on(t.createdAt)],
);

/**
 * A message sent with the home page's contact form (issue 38): anyone may send one, signed in or
 * not, so it is tied to no account (an account's deletion leaves it); volunteers and admins read
 * them, newest first, and may mark one handled. Rate-limited per address and per email (contact/).
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When a volunteer or admin marked it handled, and who (null again if that account is deleted). */
    handledAt: timestamp({ withTimezone: true }),
    handledBy: text().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('contact_messages_lengths_check', sql`length(${t.name}) <= 100 AND length(${t.email}) <= 254 AND length(${t.message}) <= 5000`),
  ],
);
