import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// Spec section 9: an unused cache entry is kept 5 minutes; a failed query is retried 3 times with
// a back-off from 1 s doubling up to 30 s. A 4xx answer is not retried: the same request would
// fail the same way (bad input, no token, not allowed, missing, conflict, rate limited).

export const GC_TIME_MS = 5 * 60 * 1000;
export const MAX_RETRIES = 3;
const FIRST_RETRY_DELAY_MS = 1000;
const MAX_RETRY_DELAY_MS = 30_000;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

/** attemptIndex is 0 for the first retry: 1 s, 2 s, 4 s, ... capped at 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: GC_TIME_MS, retry: shouldRetry, retryDelay },
      // Mutations change data: never repeat them behind the user's back.
      mutations: { retry: false },
    },
  });
}
