// What other features show of a request (decision 028): the badges, the date as the request pages
// write it, the answer to an alert's "Why not?" and the error text of a failed call. The request
// pages themselves are reached through the route table. `useErrorText()` gives that error text in
// the current language (the general fallback too).

export { RequestBadges, UrgencyBadge } from './shared/status-badge';
export { formatDate as formatRequestDate, formatTime as formatRequestTime } from './shared/format';
export { donateBlocker, isRequester } from './permissions';
export { MissingRequest } from './shared/missing-request';
export { EmptyState, Notice, QueryError } from './shared/query-states';
export { errorMessage, useErrorText } from './shared/use-request-actions';
