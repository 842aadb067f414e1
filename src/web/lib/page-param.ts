// The list pages keep their page number in the URL (`?page=2`), so reload, back and a shared link
// all land on the same page. (A candidate for src/web/lib: search and funding use it too.)

/** The page number in `?page=`, 1 when missing or not a positive whole number. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 && page <= 1_000_000 ? page : 1;
}

/** The same params with another page (page 1 is the default and leaves the URL clean). */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}
