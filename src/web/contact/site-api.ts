import { useMutation, useQuery } from '@tanstack/react-query';
import type { ContactMessageInput } from '../../shared/contact/schemas';
import { SESSION_ENDPOINTS } from '../../shared/api/session-endpoints';
import { publicApi } from '../lib/api-client';

// The operator's details (GET /site) and the contact form (POST /contact-messages), issue 38.
// Small and zod-free: the footer of every page and the home page use it.

export const siteKeys = { info: ['site', 'info'] as const };

/** SITE_HELPLINE and SITE_CONTACT_EMAIL as the server has them; nothing is shown while unknown or unset. */
export function useSiteInfo() {
  return useQuery({
    queryKey: siteKeys.info,
    queryFn: ({ signal }) => publicApi.call(SESSION_ENDPOINTS.siteInfo, { signal }),
    staleTime: Infinity,
  });
}

/** Sends the contact form's message (anyone, signed in or not). */
export function useSendContactMessage() {
  return useMutation({ mutationFn: (body: ContactMessageInput) => publicApi.call(SESSION_ENDPOINTS.sendContactMessage, { body }) });
}
