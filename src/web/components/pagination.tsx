import { useMessages } from '../i18n';
import { commonText } from './texts';
interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the list for screen readers, e.g. "Donation requests pages". */
  label?: string;
}

/** Previous / page x of y / next; hidden when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPageChange, label }: PaginationProps) {
  const t = useMessages(commonText);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label ?? t.pages} className="mt-4 flex items-center justify-center gap-2">
      <button type="button" className="btn btn-sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        {t.previous}
      </button>
      <span className="text-sm" aria-live="polite">
        {t.pageOf({ page, pages })}
      </span>
      <button type="button" className="btn btn-sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
        {t.next}
      </button>
    </nav>
  );
}
