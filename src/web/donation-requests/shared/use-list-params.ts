import { useSearchParams } from 'react-router';
import { DONATION_STATUSES, type DonationStatus } from '../../../shared/donation-request-rules';

const isStatus = (v: string | null): v is DonationStatus => (DONATION_STATUSES as readonly (string | null)[]).includes(v);

/**
 * A list's page and status filter live in the address (?status=pending&page=2), so a reload,
 * a shared link or the back button shows the same rows.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;

  const update = (change: (next: URLSearchParams) => void, replace = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        return next;
      },
      { replace },
    );

  const setPage = (p: number, replace = false) => update((next) => (p <= 1 ? next.delete('page') : next.set('page', String(p))), replace);
  const setStatus = (s: DonationStatus | undefined) =>
    update((next) => {
      if (s) next.set('status', s);
      else next.delete('status');
      next.delete('page');
    });

  return { page, status, setPage, setStatus };
}
