// Why a push endpoint is refused (issue 30, decision 059).

export const PUSH_SERVICE_MESSAGES = {
  notHttps: 'A push endpoint must be an https:// address',
  port: 'A push endpoint must use the standard https port',
  malformed: 'This push endpoint is not a valid address',
  notPushService: "This push endpoint is not a browser's push service",
} as const;
