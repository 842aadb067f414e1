import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SitePage } from '../../shared/contact/model';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { getPage, publicApi, secureApi } from '../lib/api-client';

// The operator's pages and the contact form's messages on the client (issue 38).

/** Messages per page of the staff's list. */
export const MESSAGES_PAGE_SIZE = 20;

export const contactKeys = {
  all: ['contact-messages'] as const,
  page: (page: number) => [...contactKeys.all, page] as const,
  sitePage: (page: SitePage) => ['site', 'page', page] as const,
};

/** The operator's text of /privacy or /terms (null: the site's own text). */
export function useSitePage(page: SitePage) {
  return useQuery({
    queryKey: contactKeys.sitePage(page),
    queryFn: ({ signal }) => publicApi.call(ENDPOINTS.sitePage, { args: { page }, signal }),
    staleTime: Infinity,
  });
}

/** GET /contact-messages: newest first (volunteers and admins). */
export function useContactMessages(page: number) {
  return useQuery({
    queryKey: contactKeys.page(page),
    queryFn: ({ signal }) => getPage(secureApi, ENDPOINTS.contactMessages, { page, limit: MESSAGES_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

/** PATCH /contact-messages/{id} { handled: true }. */
export function useMarkHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => secureApi.call(ENDPOINTS.handleContactMessage, { args: { id }, body: { handled: true } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
