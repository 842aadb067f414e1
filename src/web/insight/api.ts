import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AnyEndpoint, ArgsOf } from '../../shared/api/session-endpoints';
import { ENDPOINTS, type InsightArgs } from '../../shared/api/endpoints';
import type { Breakdown, Bucket } from '../../shared/insight/model';
import { secureApi } from '../lib/api-client';
import { toast } from '../lib/toast';

export const insightKeys = {
  all: ['insight'] as const,
  series: (args: InsightArgs & { bucket: Bucket }) => ['insight', 'series', args] as const,
  breakdown: (args: InsightArgs & { by: Breakdown }) => ['insight', 'breakdown', args] as const,
  funnel: (args: InsightArgs) => ['insight', 'funnel', args] as const,
};

/** GET /admin-stats/series (staff): requests per period by outcome, and the time to their first pledge. */
export function useInsightSeries(args: InsightArgs & { bucket: Bucket }) {
  return useQuery({
    queryKey: insightKeys.series(args),
    queryFn: ({ signal }) => secureApi.call(ENDPOINTS.insightSeries, { args, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin-stats/breakdown (staff): per blood group or district. */
export function useInsightBreakdown(args: InsightArgs & { by: Breakdown }) {
  return useQuery({
    queryKey: insightKeys.breakdown(args),
    queryFn: ({ signal }) => secureApi.call(ENDPOINTS.insightBreakdown, { args, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin-stats/funnel (staff): per week, alerted, accepted, arrived, donated; show rate; time to the first pledge and the last unit. */
export function useFunnel(args: InsightArgs) {
  return useQuery({
    queryKey: insightKeys.funnel(args),
    queryFn: ({ signal }) => secureApi.call(ENDPOINTS.funnel, { args, signal }),
    placeholderData: keepPreviousData,
  });
}

type CsvEndpoint = typeof ENDPOINTS.usersCsv | typeof ENDPOINTS.donationRequestsCsv | typeof ENDPOINTS.fundingLedgerCsv;

/** The file name the server gave (Content-Disposition), else the endpoint's own. */
const fileNameOf = (response: Response | undefined, fallback: string) => /filename="([^"]+)"/.exec(response?.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/**
 * A CSV export (admins): fetched with the access token (a plain link would carry none), then saved
 * through an object URL. The BOM the browser's decoder took off is put back for Excel.
 */
export function useCsvDownload<E extends CsvEndpoint & AnyEndpoint>(endpoint: E) {
  return useMutation({
    mutationFn: async (args: ArgsOf<E>) => {
      let response: Response | undefined;
      const text = await secureApi.request<string>(endpoint.method, endpoint.path(args as never), {
        headers: { Accept: 'text/csv' },
        onResponse: (r) => {
          response = r;
        },
      });
      const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response, `${endpoint.pattern.split('/').pop() ?? 'export.csv'}`);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    onError: (error) => toast.error(error.message),
  });
}
