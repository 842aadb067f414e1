// The API's messages that belong to no feature (the error shape's, the guards', the schemas' generic
// ones) and the web's own when no answer came. Their Bangla is in texts.bn.ts, under the same keys.

/** The API's own messages, whatever the feature: the error shape's, the framework's, the guards' and the schemas' generic ones. */
export const API_MESSAGES = {
  invalidBody: 'Invalid body',
  invalidQuerystring: 'Invalid querystring',
  invalidParams: 'Invalid params',
  invalidHeaders: 'Invalid headers',
  invalidRequest: 'Invalid request',
  invalidValue: 'Invalid value',
  internalError: 'Internal server error',
  unavailable: 'Service unavailable',
  databaseUnreachable: 'Database unreachable',
  authenticationRequired: 'Authentication required',
  notAllowed: 'You are not allowed to do this',
  notFound: 'Not found',
  malformed: 'Malformed HTTP request',
  headersTooLarge: 'Request headers too large',
  tooSlow: 'The request took too long to arrive',
  nulCharacter: 'The request contains a NUL character',
  metricsToken: 'A metrics token is needed',
  tooManyRequests: (seconds: number) => `Too many requests: try again in ${seconds} seconds`,
  routeNotFound: (method: string, path: string) => `Route ${method} ${path} not found`,
  atMostCharacters: (max: number) => `At most ${max} characters`,
  atMostDays: (max: number) => `At most ${max} days`,
  atMost: (max: number) => `At most ${max}`,
  oneOf: (list: string) => `One of ${list}`,
} as const;

/** The web's own messages when no answer came, shown as the server's would be (src/web/lib/api-client.ts, the account forms). */
export const CLIENT_MESSAGES = {
  failed: 'Something went wrong. Please try again.',
  unreachable: 'The server could not be reached. Check your connection.',
} as const;
