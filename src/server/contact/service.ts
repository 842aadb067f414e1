import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { ContactMessage, ContactMessageInput, SitePageText } from '../../shared/contact/schemas';
import type { SitePage } from '../../shared/contact/model';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema/content';

// The home page's contact form (issue 38): a message is stored for staff, tied to no account.
// Volunteers and admins read them newest first and mark them handled.

export async function storeContactMessage(db: Db, input: Required<ContactMessageInput>): Promise<string> {
  const [row] = await db.insert(contactMessages).values({ name: input.name, email: input.email, message: input.message }).returning({ id: contactMessages.id });
  return row!.id;
}

export async function listContactMessages(db: Db, { page, limit }: { page: number; limit: number }): Promise<{ rows: ContactMessage[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(contactMessages),
  ]);
  return {
    total: totalRow?.n ?? 0,
    rows: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      email: r.email,
      message: r.message,
      createdAt: r.createdAt.toISOString(),
      handledAt: r.handledAt?.toISOString() ?? null,
    })),
  };
}

/** Marks a message handled; null when there is no such message, 0 when it was handled already. */
export async function markContactMessageHandled(db: Db, id: string, staffId: string): Promise<number | null> {
  const updated = await db
    .update(contactMessages)
    .set({ handledAt: new Date(), handledBy: staffId })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
    .returning({ id: contactMessages.id });
  if (updated.length > 0) return 1;
  const [exists] = await db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.id, id));
  return exists ? 0 : null;
}

/** The `.bn` file beside an operator's page (privacy.md -> privacy.bn.md), when there is one. */
function banglaFileOf(file: string): string {
  const ext = path.extname(file);
  return `${file.slice(0, file.length - ext.length)}.bn${ext}`;
}

function readIfThere(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * The operator's own privacy policy and terms of use, read once at start (SITE_PRIVACY_FILE,
 * SITE_TERMS_FILE, and the `.bn` file beside each). The web renders the text as text (headings,
 * lists and paragraphs), never as HTML.
 */
export function readSitePages(config: Pick<Config, 'SITE_PRIVACY_FILE' | 'SITE_TERMS_FILE'>): Record<SitePage, SitePageText> {
  const read = (page: SitePage, file: string | undefined): SitePageText => {
    if (!file) return { page, text: null, bnText: null };
    const text = readFileSync(file, 'utf8');
    return { page, text, bnText: readIfThere(banglaFileOf(file)) };
  };
  return { privacy: read('privacy', config.SITE_PRIVACY_FILE), terms: read('terms', config.SITE_TERMS_FILE) };
}
