import { Link } from 'react-router';
import { useMessages } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { requestsCommonText } from '../texts';
import { MY_REQUESTS_PATH } from './paths';
import { Notice, QueryError } from './query-states';

/** A request that could not be loaded: gone (404, or not an id at all), or a failure to retry. */
export function MissingRequest({ error, onRetry, backTo = MY_REQUESTS_PATH }: { error: unknown; onRetry: () => void; backTo?: string }) {
  const t = useMessages(requestsCommonText);
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return (
      <Notice
        tone="warning"
        role="alert"
        action={
          <Link to={backTo} className="btn btn-sm">
            {t.backToRequests}
          </Link>
        }
      >
        {t.missing}
      </Notice>
    );
  }
  return <QueryError error={error} onRetry={onRetry} what={t.theRequest} />;
}
