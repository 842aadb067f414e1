import type { AnyEndpoint, ArgsOf, BodyOf, HttpMethod, ResponseOf, RowOf } from '../../shared/api/session-endpoints';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../shared/site/model';
import { CLIENT_MESSAGES } from '../../shared/api/texts';

// A small fetch wrapper for the app's own API under /api: JSON in, JSON out, and one error type.
// The server answers every error as `{ message, code, issues? }` (architecture rule 5).

/** The minimal part of a zod schema this client needs, so it does not pull zod into every page. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/** One field problem of a 400 answer, e.g. `{ path: 'email', message: 'Invalid email' }`. */
export interface ApiIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer (offline, DNS, connection reset). */
  readonly status: number;
  readonly code: string;
  readonly issues: ApiIssue[] | undefined;

  constructor(status: number, message: string, code: string, issues?: ApiIssue[]) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
  }

  /** 4xx: the request itself is wrong or not allowed; sending it again will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export type { HttpMethod };

export interface RequestOptions<T> {
  /** Sent as JSON unless it is FormData (image uploads), which the browser encodes itself. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Validates (and types) the answer; without it the caller gets `unknown` cast to T. */
  schema?: ResponseSchema<T>;
  /** Sees the successful response, e.g. to read the `X-Total-Count` header of a list. */
  onResponse?: (response: Response) => void;
}

export interface ApiClientOptions {
  /** Defaults to '/api'. Paths passed to the client keep the spec's shape below it. */
  baseUrl?: string;
  /** Extra headers computed per request, e.g. `Authorization: Bearer <token>`. */
  getHeaders?: () => Record<string, string>;
  /** Called before the ApiError is thrown, e.g. to sign out on 401/403. */
  onError?: (error: ApiError) => void;
}

/** A call of an endpoint of the contract (shared/api/endpoints.ts): its arguments, body and options. */
export type CallOptions<E extends AnyEndpoint> = Omit<RequestOptions<ResponseOf<E>>, 'body'> &
  ([ArgsOf<E>] extends [void] ? { args?: undefined } : { args: ArgsOf<E> }) &
  ([BodyOf<E>] extends [undefined] ? { body?: undefined } : { body: BodyOf<E> });

export interface ApiClient {
  /** Calls an endpoint of the contract: the path, method and types come from it. */
  call<E extends AnyEndpoint>(endpoint: E, options: CallOptions<E>): Promise<ResponseOf<E>>;
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, statusText: string, body: unknown): ApiError {
  if (isRecord(body) && typeof body.message === 'string') {
    const code = typeof body.code === 'string' ? body.code : `HTTP_${status}`;
    const issues = Array.isArray(body.issues) ? (body.issues as ApiIssue[]) : undefined;
    return new ApiError(status, body.message, code, issues);
  }
  const message = statusText ? `${status} ${statusText}` : `Request failed with status ${status}`;
  return new ApiError(status, message, `HTTP_${status}`);
}

/** The language the server answers errors in (`Accept-Language`); the language store keeps it (src/web/i18n/lang.ts). */
let language = 'en';
export const setApiLanguage = (code: string) => {
  language = code;
};
/** The same, for the few calls made with plain fetch (a file download). */
export const apiLanguage = () => language;

export function createApiClient(clientOptions: ApiClientOptions = {}): ApiClient {
  const baseUrl = clientOptions.baseUrl ?? '/api';

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions<T> = {}): Promise<T> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': language,
      ...clientOptions.getHeaders?.(),
      ...options.headers,
    };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: options.signal });
    } catch (cause) {
      // Cancellation is not a failure: let TanStack Query see the AbortError it expects.
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      const error = new ApiError(0, CLIENT_MESSAGES.unreachable, 'NETWORK_ERROR');
      clientOptions.onError?.(error);
      throw error;
    }

    const data = await readBody(response);
    if (!response.ok) {
      const error = toApiError(response.status, response.statusText, data);
      clientOptions.onError?.(error);
      throw error;
    }
    options.onResponse?.(response);
    return options.schema ? options.schema.parse(data) : (data as T);
  }

  return {
    call: (endpoint, options) => request(endpoint.method, endpoint.path(options.args), options),
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}

/** For public endpoints (spec section 7: "the public client does not" send a token). */
export const publicApi = createApiClient();

/** Hooks the auth provider installs: refresh the access token, and sign out for good. */
interface SecureApiHooks {
  /** Gets a new access token from the session cookie; false when there is no session. */
  refreshToken: () => Promise<boolean>;
  /** Spec section 8: a 401 or 403 on an authenticated call logs out and goes to /login. */
  onUnauthorized: () => void;
}
let hooks: SecureApiHooks | null = null;
export function configureSecureApi(next: SecureApiHooks | null) {
  hooks = next;
}

const bearer = (): Record<string, string> => {
  const token = localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
};
const tokenClient = createApiClient({ getHeaders: bearer });

/**
 * The authenticated client (spec section 7): sends the stored token as a Bearer header. The
 * token lives an hour; on a 401 it is renewed once from the session (which lives a week) and the
 * call repeated. If that fails, or the answer is 403, the user is signed out and sent to /login,
 * and the error is rethrown.
 */
async function secureRequest<T>(method: HttpMethod, path: string, options: RequestOptions<T> = {}): Promise<T> {
  try {
    return await tokenClient.request(method, path, options);
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) throw error;
    if (error.status === 401 && hooks && (await hooks.refreshToken().catch(() => false))) {
      try {
        return await tokenClient.request(method, path, options);
      } catch (again) {
        if (again instanceof ApiError && (again.status === 401 || again.status === 403)) hooks?.onUnauthorized();
        throw again;
      }
    }
    hooks?.onUnauthorized();
    throw error;
  }
}

export const secureApi: ApiClient = {
  call: (endpoint, options) => secureRequest(endpoint.method, endpoint.path(options.args), options),
  request: secureRequest,
  get: (path, options) => secureRequest('GET', path, options),
  post: (path, body, options) => secureRequest('POST', path, { ...options, body }),
  put: (path, body, options) => secureRequest('PUT', path, { ...options, body }),
  patch: (path, body, options) => secureRequest('PATCH', path, { ...options, body }),
  delete: (path, options) => secureRequest('DELETE', path, options),
};

/** A page of a list endpoint: the rows and the total from `X-Total-Count`. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** Calls a list endpoint and reads the total that every list endpoint sends in a header. */
export async function getPage<E extends AnyEndpoint>(client: ApiClient, endpoint: E, args: ArgsOf<E>, signal?: AbortSignal): Promise<Page<RowOf<E>>> {
  let total = 0;
  const rows = (await client.request(endpoint.method, endpoint.path(args), {
    signal,
    onResponse: (response) => {
      total = Number(response.headers.get('x-total-count') ?? 0);
    },
  })) as RowOf<E>[];
  return { rows, total };
}
