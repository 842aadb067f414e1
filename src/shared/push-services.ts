// Which push endpoints the server accepts (issue 30, decision 059). A browser's PushSubscription
// names a URL at its vendor's push service, and the server later POSTs to that URL: an endpoint
// anywhere else would make the server connect wherever a user says (a request forgery). So only
// `https:` URLs on the standard port whose host is a browser push service are accepted, plus the
// hosts an operator adds with PUSH_SERVICE_HOSTS (a self-hosted service; the tests' stand-in).
//
// The browsers' push services and the hosts of their endpoints, from "What are the browser push
// services?" (Pushpad, https://blog.pushpad.xyz/2022/03/what-are-the-browser-push-services/) and
// Apple's "Sending web push notifications in web apps and browsers" (developer.apple.com:
// "allow URLs from *.push.apple.com"):
//   Chrome, Edge on Android, Opera, Brave, Samsung Internet: Google FCM, fcm.googleapis.com (older
//     Chrome subscriptions: android.googleapis.com/gcm/send/...);
//   Firefox: Mozilla autopush, updates.push.services.mozilla.com;
//   Edge on Windows: Microsoft WNS, <region>.notify.windows.com;
//   Safari (macOS 13+, iOS 16.4+): Apple, web.push.apple.com (and other *.push.apple.com).

/** Host names as written: `host.example` exactly, or `*.example` for any name under it (not itself). */
export const BROWSER_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
] as const;

export const PUSH_SERVICE_MESSAGES = {
  notHttps: 'A push endpoint must be an https:// address',
  port: 'A push endpoint must use the standard https port',
  malformed: 'This push endpoint is not a valid address',
  notPushService: "This push endpoint is not a browser's push service",
} as const;

/** Browsers (subscriptions) one account may have; a new one beyond it replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** PUSH_SERVICE_HOSTS ("push.example.org, *.push.example.net") as a list, lower case, blanks dropped. */
export function parsePushServiceHosts(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
}

/** Whether `host` (lower case, as a URL parser gives it) is one of `patterns`. */
export function hostMatches(host: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => (p.startsWith('*.') ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : host === p));
}

/**
 * Why `endpoint` is refused (a PUSH_SERVICE_MESSAGES text), or null when it is accepted: an
 * `https:` URL with no port but the standard one, no user name or password, and a host among the
 * browsers' push services or `extraHosts`. Pure: the server checks with the configured extra hosts,
 * the web may check with the browsers' own.
 */
export function pushEndpointProblem(endpoint: string, extraHosts: readonly string[] = []): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_SERVICE_MESSAGES.malformed;
  }
  if (url.protocol !== 'https:') return PUSH_SERVICE_MESSAGES.notHttps;
  // The URL parser drops a written :443, so any port it keeps is another one.
  if (url.port !== '') return PUSH_SERVICE_MESSAGES.port;
  // The host must be written plainly, as browsers write it: no user name or password, percent
  // signs or backslashes in front of the path, where URL parsers disagree (web-push parses the
  // endpoint again, with Node's legacy url.parse).
  const authority = /^https:\/\/([^/?#]*)[/?#]/i.exec(endpoint)?.[1]?.toLowerCase();
  if (authority !== url.hostname && authority !== `${url.hostname}:443`) return PUSH_SERVICE_MESSAGES.malformed;
  if (!hostMatches(url.hostname, [...BROWSER_PUSH_SERVICE_HOSTS, ...extraHosts])) return PUSH_SERVICE_MESSAGES.notPushService;
  return null;
}
