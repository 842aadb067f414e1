import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '../../shared/api/endpoints';
import type { ReportResolution } from '../../shared/reports/model';
import type { ReportInput } from '../../shared/reports/schemas';
import { getPage, secureApi } from '../lib/api-client';
import { donationRequestKeys } from '../donation-requests/api';

// Reports on the client (issue 17): the report a signed-in user sends from a request's page, and
// the moderation queue staff resolve. Zod-free: the request pages load it.

/** Reported requests per page of the queue. */
export const REPORTS_PAGE_SIZE = 10;

export const reportKeys = {
  all: ['reports'] as const,
  queue: (page: number) => [...reportKeys.all, 'open', page] as const,
};

/** GET /reports?status=open: one row per reported request, most reported first (staff). */
export function useReportQueue(page: number) {
  return useQuery({
    queryKey: reportKeys.queue(page),
    queryFn: ({ signal }) => getPage(secureApi, ENDPOINTS.reports, { status: 'open', page, limit: REPORTS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /donationRequest/{id}/reports; the request's page then knows it was reported. */
export function useReportRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportInput) => secureApi.call(ENDPOINTS.reportRequest, { args: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: donationRequestKeys.detail(id) }),
  });
}

/** PATCH /donationRequest/{id}/reports: dismiss or remove; the queue and the request lists change. */
export function useResolveReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolution }: { id: string; resolution: ReportResolution }) => secureApi.call(ENDPOINTS.resolveReports, { args: { id }, body: { resolution } }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.all }),
        queryClient.invalidateQueries({ queryKey: donationRequestKeys.all }),
      ]);
    },
  });
}
