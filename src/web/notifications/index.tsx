import { Link } from 'react-router';
import { OUTREACH_MESSAGES } from '../../shared/outreach-rules';
import { PAGES } from '../../shared/routes';
import { BellIcon } from '../components/icons';
import { useUnreadCount } from './api';

// The feature's face outside its pages: the bell the navbar and the dashboard's top bar show. It
// is in the home page's bundle, so it imports nothing heavy (no zod, no request components).

/** The badge's text: the count, capped so it stays a small circle. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** The signed-in user's bell: the unread count (polled every minute and on focus), linking to the notifications page. */
export function NotificationBell({ className = '' }: { className?: string }) {
  const { data: count } = useUnreadCount(true);
  const label = count === undefined ? OUTREACH_MESSAGES.bell : OUTREACH_MESSAGES.bellUnread(count);
  return (
    <Link to={PAGES.notifications.path} className={`btn btn-ghost btn-circle relative ${className}`} aria-label={label} title={label}>
      <BellIcon className="size-5" />
      {count !== undefined && count > 0 && (
        <span aria-hidden="true" className="badge badge-primary badge-xs absolute -top-0.5 -right-0.5 h-4 min-w-4 px-1 text-[0.65rem] font-bold">
          {badgeText(count)}
        </span>
      )}
    </Link>
  );
}
