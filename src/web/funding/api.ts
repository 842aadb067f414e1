import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '../../shared/api/endpoints';
import type { CheckoutBody } from '../../shared/funding/schemas';
import { getPage, secureApi } from '../lib/api-client';

export const FUNDS_PAGE_SIZE = 10;

export const fundingKeys = {
  all: ['funding'] as const,
  summary: ['funding', 'summary'] as const,
  list: (page: number) => ['funding', 'list', page] as const,
};

/** Total, currency, whether online giving is set up, and the allowed amounts. */
export function useFundingSummary(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: fundingKeys.summary,
    queryFn: ({ signal }) => secureApi.call(ENDPOINTS.fundingSummary, { signal }),
    enabled: options.enabled ?? true,
  });
}

/** The ledger of funds received, newest first. */
export function useFunds(page: number) {
  return useQuery({
    queryKey: fundingKeys.list(page),
    queryFn: ({ signal }) => getPage(secureApi, ENDPOINTS.funds, { page, limit: FUNDS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Starts a Stripe Checkout session. Nothing changes here until Stripe confirms the payment (its
 * webhook records the fund), so there is nothing to invalidate: the page reloads on return.
 */
export function useCheckout() {
  return useMutation({
    mutationFn: (body: CheckoutBody) => secureApi.call(ENDPOINTS.checkout, { body }),
  });
}
