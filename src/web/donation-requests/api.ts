import { keepPreviousData, queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DonationRequestInput, PledgeOutcomeInput } from '../../shared/donation-requests/schemas';
import type { CheckinState, DonationStatus, Urgency } from '../../shared/donation-requests/model';
import { ENDPOINTS } from '../../shared/api/endpoints';
import type { Answer } from '../../shared/outreach/model';
import { getPage, publicApi, secureApi } from '../lib/api-client';
import { notificationKeys } from '../notifications/api';

// Donation requests on the client: one query-key factory, the query options built on it, and the
// mutations, which invalidate through the factory. Pages never copy this data into state.

/** Rows per page of every paged list (public list, my requests, all requests). */
export const PAGE_SIZE = 10;
/** The user home shows the last three requests (spec section 9). */
export const RECENT_LIMIT = 3;

/** Whose requests a dashboard list shows: the signed-in requester's, or everyone's (staff). */
export type ListFilters =
  | { scope: 'mine'; email: string; status?: DonationStatus; urgency?: Urgency; page: number; limit: number }
  | { scope: 'all'; status?: DonationStatus; urgency?: Urgency; page: number; limit: number };

export const donationRequestKeys = {
  all: ['donationRequests'] as const,
  lists: () => [...donationRequestKeys.all, 'list'] as const,
  list: (filters: ListFilters) => [...donationRequestKeys.lists(), filters] as const,
  details: () => [...donationRequestKeys.all, 'detail'] as const,
  detail: (id: string) => [...donationRequestKeys.details(), id] as const,
  pendingPages: () => [...donationRequestKeys.all, 'pending'] as const,
  pending: (page: number, urgency?: Urgency) => [...donationRequestKeys.pendingPages(), page, urgency ?? 'any'] as const,
  matches: (id: string, page: number) => [...donationRequestKeys.all, 'matches', id, page] as const,
  outreach: (id: string) => [...donationRequestKeys.all, 'outreach', id] as const,
};

/** GET /donationRequest/pending: public, soonest first. */
export const pendingRequestsQuery = (page: number, urgency?: Urgency) =>
  queryOptions({
    queryKey: donationRequestKeys.pending(page, urgency),
    queryFn: ({ signal }) => getPage(publicApi, ENDPOINTS.pendingRequests, { page, limit: PAGE_SIZE, urgency }, signal),
    placeholderData: keepPreviousData,
  });

/** The requester's own list (GET /donationRequest?email=) or all requests (GET /donationRequestAdmin/admin). */
export const requestListQuery = (filters: ListFilters) =>
  queryOptions({
    queryKey: donationRequestKeys.list(filters),
    queryFn: ({ signal }) =>
      filters.scope === 'mine' ? getPage(secureApi, ENDPOINTS.myRequests, filters, signal) : getPage(secureApi, ENDPOINTS.allRequests, filters, signal),
    placeholderData: keepPreviousData,
  });

/** GET /donationRequest?id=: one request, for any signed-in user. */
export const requestDetailQuery = (id: string) =>
  queryOptions({
    queryKey: donationRequestKeys.detail(id),
    queryFn: ({ signal }) => secureApi.call(ENDPOINTS.request, { args: { id }, signal }),
  });

export const usePendingRequests = (page: number, urgency?: Urgency) => useQuery(pendingRequestsQuery(page, urgency));

/** Matching donors shown on a request's page (GET /donationRequest/{id}/matches). */
export const MATCHES_PAGE_SIZE = 10;
export const useMatches = (id: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: donationRequestKeys.matches(id, page),
    queryFn: ({ signal }) => getPage(secureApi, ENDPOINTS.matches, { id, page, limit: MATCHES_PAGE_SIZE }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
/** `null` while the signed-in user is not known yet: nothing is fetched. */
export const useRequestList = (filters: ListFilters | null) =>
  useQuery(filters ? requestListQuery(filters) : { ...requestListQuery({ scope: 'all', page: 1, limit: PAGE_SIZE }), queryFn: skipToken });
export const useRequestDetail = (id: string) => useQuery(requestDetailQuery(id));

/** Any change to a request can move it between lists (status, date order), so every list refetches. */
function useInvalidateRequests() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: donationRequestKeys.all });
}

export function useCreateRequest() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: (input: DonationRequestInput) => secureApi.call(ENDPOINTS.createRequest, { body: input }),
    onSuccess: invalidate,
  });
}

export function useUpdateRequest(id: string) {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: (input: DonationRequestInput) => secureApi.call(ENDPOINTS.updateRequest, { args: { id }, body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => secureApi.call(ENDPOINTS.deleteRequest, { args: { id } }),
    onSuccess: async (_result, id) => {
      // The deleted request's own entry would only answer 404 now.
      queryClient.removeQueries({ queryKey: donationRequestKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: donationRequestKeys.all });
    },
  });
}

/** The signed-in user offers to donate: the server takes the donor from the account. */
export function useConfirmDonation() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: (id: string) => secureApi.call(ENDPOINTS.confirmDonation, { args: { id } }),
    // Also on failure: a 409 means someone else was quicker, and the page should show it.
    onSettled: invalidate,
  });
}

export function useSetDonationStatus() {
  const invalidate = useInvalidateRequests();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'done' | 'canceled' }) =>
      secureApi.call(ENDPOINTS.setDonationStatus, { args: { id }, body: { donationStatus: status } }),
    onSettled: invalidate,
  });
}

/** The outreach panel polls this often while the request is pending (decision 035). */
export const OUTREACH_REFETCH_MS = 15_000;

/** GET /donationRequest/{id}/outreach (issue 15): the requester and staff; polled while `pending`. */
export const useOutreach = (id: string, { enabled, pending }: { enabled: boolean; pending: boolean }) =>
  useQuery({
    queryKey: donationRequestKeys.outreach(id),
    queryFn: ({ signal }) => secureApi.call(ENDPOINTS.outreach, { args: { id }, signal }),
    enabled,
    refetchInterval: pending ? OUTREACH_REFETCH_MS : false,
  });

/**
 * POST /donationRequest/{id}/respond: the signed-in donor answers an alert. Accept is a pledge
 * (answers the family's phone, if it gave one); decline is remembered. The request and the
 * notifications (which show the answer) refetch after, also on failure (a 409: someone was quicker).
 */
export function useRespond() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: Answer }) => secureApi.call(ENDPOINTS.respond, { args: { id }, body: { answer } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: donationRequestKeys.all }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount() }),
      ]),
  });
}

/** POST /donationRequest/{id}/pledge/checkin: the signed-in donor is on the way, or has arrived (issue 33). */
export function useCheckInPledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, state }: { id: string; state: CheckinState }) => secureApi.call(ENDPOINTS.checkInPledge, { args: { id }, body: { state } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: donationRequestKeys.all }),
  });
}

/** PATCH /donationRequest/{id}/pledges/{pledgeId}: the requester or staff record a pledge's outcome (issue 33). */
export function useRecordPledgeOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pledgeId, outcome }: { id: string; pledgeId: string; outcome: PledgeOutcomeInput }) =>
      secureApi.call(ENDPOINTS.recordPledgeOutcome, { args: { id, pledgeId }, body: outcome }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: donationRequestKeys.all }),
  });
}

/** DELETE /donationRequest/{id}/pledge: the signed-in donor withdraws; the unit is open again. */
export function useWithdrawPledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => secureApi.call(ENDPOINTS.withdrawPledge, { args: { id } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: donationRequestKeys.all }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
      ]),
  });
}
