import { Link } from 'react-router';
import { pathTo } from '../../shared/routing/routes';
import { BellIcon } from '../components/icons';
import { bellText } from './bell-texts';
import { formatNumber, useMessages } from '../i18n';
import { useUnreadCount } from './api';

// The feature's face outside its pages: the bell the navbar and the dashboard's top bar show. It
// is in the home page's bundle, so it imports nothing heavy (no zod, no request components). Its
// texts are in the frame's catalogue ('site/bell'), loaded before the first paint: no English flash.

/** The badge's text: the count, capped so it stays a small circle (in the language's digits). */
export const badgeText = (count: number, code?: string) => (count > 99 ? `${formatNumber(99, code)}+` : formatNumber(count, code));

/** The signed-in user's bell: the unread count (polled every minute and on focus), linking to the notifications page. */
export function NotificationBell({ className = '' }: { className?: string }) {
  const { data: count } = useUnreadCount(true);
  const t = useMessages(bellText);
  const label = count === undefined ? t.bell : t.unread({ count });
  return (
    <Link to={pathTo('notifications')} className={`btn btn-ghost btn-circle relative ${className}`} aria-label={label} title={label}>
      <BellIcon className="size-5" />
      {count !== undefined && count > 0 && (
        <span aria-hidden="true" className="badge badge-primary badge-xs absolute -top-0.5 -right-0.5 h-4 min-w-4 px-1 text-[0.65rem] font-bold">
          {badgeText(count)}
        </span>
      )}
    </Link>
  );
}
