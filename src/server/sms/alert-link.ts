import { createHmac } from 'node:crypto';

// The short link an alert SMS carries (issue 32): /r/{token}. The token is the first 8 characters
// (48 bits) of an HMAC of the alert's id under the site's secret, so nobody can make one for an
// alert they were not sent, and it stays short enough for the alert to fit its segments. It is
// kept on the alert (notifications.link_token), which is how the page finds it.

const TOKEN_LENGTH = 8;

export function alertLinkToken(secret: string, notificationId: string): string {
  return createHmac('sha256', secret).update(`alert-link:${notificationId}`).digest('base64url').slice(0, TOKEN_LENGTH);
}

/** The path of an alert's short link. */
export const alertLinkPath = (token: string) => `/r/${token}`;
