import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../../shared/site/model';
import { ApiError, apiLanguage, getPage, secureApi } from '../../lib/api-client';
import { userKeys } from '../../lib/auth';
import { saveFile } from '../privacy/api';

export const DONATIONS_PAGE_SIZE = 10;

export const donationKeys = {
  all: ['donations'] as const,
  list: (email: string, page: number) => ['donations', email, page] as const,
};

/** GET /users/{email}/donations: the donor's completed donations, newest first (the total in X-Total-Count). */
export function useDonations(email: string, page: number) {
  return useQuery({
    queryKey: donationKeys.list(email, page),
    queryFn: ({ signal }) => getPage(secureApi, ENDPOINTS.donations, { email, page, limit: DONATIONS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

const fetchPdf = (id: string) =>
  fetch(`/api${ENDPOINTS.certificate.path({ id })}`, {
    headers: { Accept: 'application/pdf', 'Accept-Language': apiLanguage(), Authorization: `Bearer ${localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY) ?? ''}` },
  });

/**
 * GET /donations/{id}/certificate.pdf, saved as a file, in the page's language. Fetched with the
 * access token (a plain link would carry none); an expired token is renewed once through the secure client.
 */
export function useCertificateDownload() {
  return useMutation({
    mutationFn: async (id: string) => {
      let response = await fetchPdf(id);
      if (response.status === 401) {
        await secureApi.call(ENDPOINTS.unreadCount, {});
        response = await fetchPdf(id);
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
        throw new ApiError(response.status, body?.message ?? response.statusText, body?.code ?? `HTTP_${response.status}`);
      }
      saveFile(await response.blob(), `donation-certificate-${id}.pdf`);
    },
  });
}

/**
 * POST /donations/{id}/dispute: "I did not donate" (issue 30). The history and the profile (its
 * next eligible date) are read again: the row is gone, and the wait it set with it.
 */
export function useDisputeDonation(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => secureApi.call(ENDPOINTS.disputeDonation, { args: { id } }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: donationKeys.all }), queryClient.invalidateQueries({ queryKey: userKeys.detail(email) })]),
  });
}
