import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { secureApi } from '../lib/api-client';

export const statsKeys = {
  all: ['stats'] as const,
  admin: ['stats', 'admin'] as const,
};

/** GET /admin-stats (admins and volunteers): users, funding received and donation requests. */
export function useAdminStats() {
  return useQuery({
    queryKey: statsKeys.admin,
    queryFn: ({ signal }) => secureApi.call(ENDPOINTS.adminStats, { signal }),
  });
}
