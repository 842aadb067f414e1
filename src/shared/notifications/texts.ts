// Why a push endpoint is refused (issue 30, decision 059).

export const PUSH_SERVICE_MESSAGES = {
  notHttps: 'A push endpoint must be an https:// address',
  port: 'A push endpoint must use the standard https port',
  malformed: 'This push endpoint is not a valid address',
  notPushService: "This push endpoint is not a browser's push service",
} as const;

/** The notifications' and their settings' messages. */
export const NOTIFICATION_MESSAGES = {
  notFound: 'No notification with this id',
  ownSettingsChange: 'You can only change your own notification settings',
  ownSettingsView: 'You can only see your own notification settings',
  oneClick: 'A one-click unsubscribe sends List-Unsubscribe=One-Click',
} as const;
