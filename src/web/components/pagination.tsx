interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the list for screen readers, e.g. "Donation requests pages". */
  label?: string;
}

/** Previous / page x of y / next; hidden when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPageChange, label = 'Pages' }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-center gap-2">
      <button type="button" className="btn btn-sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        Previous
      </button>
      <span className="text-sm" aria-live="polite">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn btn-sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
        Next
      </button>
    </nav>
  );
}
