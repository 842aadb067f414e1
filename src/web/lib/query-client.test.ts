import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, GC_TIME_MS, retryDelay, shouldRetry } from './query-client';

describe('query client defaults (spec section 9)', () => {
  it('keeps unused entries five minutes', () => {
    expect(GC_TIME_MS).toBe(300_000);
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(300_000);
  });

  it('retries a failed query three times', () => {
    const serverError = new ApiError(500, 'boom', 'INTERNAL');
    expect([0, 1, 2].map((n) => shouldRetry(n, serverError))).toEqual([true, true, true]);
    expect(shouldRetry(3, serverError)).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'offline', 'NETWORK_ERROR'))).toBe(true);
    expect(shouldRetry(0, new TypeError('other'))).toBe(true);
  });

  it('does not retry 4xx answers', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(shouldRetry(0, new ApiError(status, 'no', 'NO'))).toBe(false);
    }
  });

  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });
});
