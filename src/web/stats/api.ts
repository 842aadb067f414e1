import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { secureApi } from '../lib/api-client';

export const statsKeys = {
  all: ['stats'] as const,
  admin: ['stats', 'admin'] as const,
  sms: ['stats', 'sms'] as const,
};

/** GET /admin-stats (admins and volunteers): users, funding received and donation requests. */
export function useAdminStats() {
  return useQuery({
    queryKey: statsKeys.admin,
    queryFn: ({ signal }) => secureApi.call(ENDPOINTS.adminStats, { signal }),
  });
}

/** GET /admin-stats/sms (admins and volunteers): the site's SMS today and this month. */
export function useSmsUsage() {
  return useQuery({
    queryKey: statsKeys.sms,
    queryFn: ({ signal }) => secureApi.call(ENDPOINTS.smsUsage, { signal }),
  });
}
