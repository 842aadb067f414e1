// The contact form's and the site details' API shapes (issue 38). Limits: model.ts; messages: texts.ts.

import { z } from 'zod';
import { USER_MESSAGES } from '../users/texts';
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, SITE_PAGES } from './model';
import { CONTACT_MESSAGES } from './texts';
import { paginationQuerySchema } from '../api/schemas';

/** POST /contact-messages: anyone, signed in or not. */
export const contactMessageInputSchema = z
  .object({
    name: z.string({ error: USER_MESSAGES.nameRequired }).trim().min(1, USER_MESSAGES.nameRequired).max(CONTACT_NAME_MAX, USER_MESSAGES.nameTooLong),
    email: z
      .string({ error: USER_MESSAGES.emailRequired })
      .trim()
      .min(1, USER_MESSAGES.emailRequired)
      .max(CONTACT_EMAIL_MAX, USER_MESSAGES.emailInvalid)
      .pipe(z.email(USER_MESSAGES.emailInvalid))
      .transform((e) => e.toLowerCase()),
    message: z.string({ error: CONTACT_MESSAGES.messageRequired }).trim().min(1, CONTACT_MESSAGES.messageRequired).max(CONTACT_MESSAGE_MAX, CONTACT_MESSAGES.messageTooLong),
  })
  .strict();
export type ContactMessageInput = z.input<typeof contactMessageInputSchema>;

/** GET /contact-messages?page&limit (volunteers and admins), newest first. */
export const contactMessagesQuerySchema = paginationQuerySchema;
export const contactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** When a volunteer or admin marked it handled; null while open. */
  handledAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** PATCH /contact-messages/{id}: marks the message handled. */
export const handleContactMessageSchema = z.object({ handled: z.literal(true, { error: CONTACT_MESSAGES.handledOnly }) }).strict();
export type HandleContactMessageInput = z.input<typeof handleContactMessageSchema>;

/** GET /site: the operator's contact details (SITE_HELPLINE, SITE_CONTACT_EMAIL); null when not set. */
export const siteInfoSchema = z.object({
  helpline: z.object({ display: z.string(), tel: z.string() }).nullable(),
  contactEmail: z.string().nullable(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/**
 * GET /site/pages/{page}: the operator's own text of the privacy policy or the terms of use (from
 * SITE_PRIVACY_FILE / SITE_TERMS_FILE, and the `.bn` file beside it for Bangla); null: the site's
 * default text is shown.
 */
export const sitePageParamsSchema = z.object({ page: z.enum(SITE_PAGES, { error: CONTACT_MESSAGES.pageChoice }) });
export const sitePageSchema = z.object({
  page: z.enum(SITE_PAGES),
  text: z.string().nullable(),
  bnText: z.string().nullable(),
});
export type SitePageText = z.infer<typeof sitePageSchema>;
