import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { publicApi } from '../lib/api-client';

/** GET /certificates/{code} (public): is this certificate genuine? A 404 is the answer "no". */
export function useCertificateCheck(code: string) {
  return useQuery({
    queryKey: ['certificates', code] as const,
    queryFn: ({ signal }) => publicApi.call(ENDPOINTS.certificateCheck, { args: { code }, signal }),
    retry: false,
  });
}
