import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS } from '../../shared/api/endpoints';
import type { NotificationSettings } from '../../shared/notifications/model';
import type { NotificationSettingsPatch } from '../../shared/notifications/schemas';
import { getPage, publicApi, secureApi } from '../lib/api-client';

// Notifications on the client (issue 15): one query-key factory, the queries and the mutations,
// which invalidate through it. The navbar's bell loads this module with the home page, so it stays
// small and zod-free: the answers to alerts (respond, withdraw) and the outreach progress are
// request endpoints, in donation-requests/api.ts.

/** Notifications per page. */
export const NOTIFICATIONS_PAGE_SIZE = 10;
/** The bell looks again this often while the page is open (and whenever the window regains focus). */
export const UNREAD_REFETCH_MS = 60_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (page: number) => [...notificationKeys.lists(), page] as const,
  settings: (email: string) => [...notificationKeys.all, 'settings', email] as const,
};

/** GET /notifications/unread-count, for the bell; `enabled` false while signed out. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: enabled ? ({ signal }) => secureApi.call(ENDPOINTS.unreadCount, { signal }) : skipToken,
    refetchInterval: UNREAD_REFETCH_MS,
    refetchOnWindowFocus: true,
    select: (data) => data.count,
  });
}

/** GET /notifications?page&limit: the signed-in user's own, newest first, and the total. */
export function useNotifications(page: number) {
  return useQuery({
    queryKey: notificationKeys.list(page),
    queryFn: ({ signal }) => getPage(secureApi, ENDPOINTS.notifications, { page, limit: NOTIFICATIONS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

/** After anything that reads a notification: the list and the bell. */
export function useInvalidateNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationKeys.all, predicate: (q) => q.queryKey[1] !== 'settings' });
}

/** PATCH /notifications/{id}/read. */
export function useMarkRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: string) => secureApi.call(ENDPOINTS.markRead, { args: { id } }),
    onSettled: invalidate,
  });
}

/** POST /notifications/read-all. */
export function useMarkAllRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: () => secureApi.call(ENDPOINTS.markAllRead, {}),
    onSettled: invalidate,
  });
}

/** GET /users/{email}/notification-settings: the owner's own. */
export function useNotificationSettings(email: string) {
  return useQuery({
    queryKey: notificationKeys.settings(email),
    queryFn: ({ signal }) => secureApi.call(ENDPOINTS.notificationSettings, { args: { email }, signal }),
  });
}

/** PATCH /users/{email}/notification-settings: answers the settings as saved. */
export function useUpdateNotificationSettings(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: NotificationSettingsPatch) => secureApi.call(ENDPOINTS.updateNotificationSettings, { args: { email }, body: patch }),
    onSuccess: (saved: NotificationSettings) => queryClient.setQueryData(notificationKeys.settings(email), saved),
  });
}

/** POST /unsubscribe?token=: the alert email's link, without sign-in. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => publicApi.call(ENDPOINTS.unsubscribe, { args: { token } }),
  });
}
