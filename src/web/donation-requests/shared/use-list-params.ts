import { useSearchParams } from 'react-router';
import { DONATION_STATUSES, type DonationStatus, URGENCIES, type Urgency } from '../../../shared/donation-requests/model';

const isStatus = (v: string | null): v is DonationStatus => (DONATION_STATUSES as readonly (string | null)[]).includes(v);
const isUrgency = (v: string | null): v is Urgency => (URGENCIES as readonly (string | null)[]).includes(v);

/**
 * A list's page and filters live in the address (?status=pending&urgency=critical&page=2), so a reload,
 * a shared link or the back button shows the same rows.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const rawUrgency = params.get('urgency');
  const urgency = isUrgency(rawUrgency) ? rawUrgency : undefined;

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

  const setUrgency = (u: Urgency | undefined) =>
    update((next) => {
      if (u) next.set('urgency', u);
      else next.delete('urgency');
      next.delete('page');
    });

  return { page, status, urgency, setPage, setStatus, setUrgency };
}
