import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client';

function answer(status: number, body?: unknown, type = 'application/json') {
  return new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': type },
  });
}

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON to /api and returns the parsed answer', async () => {
    const fetchMock = stubFetch(answer(200, { insertedId: 'x1' }));
    const api = createApiClient();
    await expect(api.post('/users', { name: 'Rahim' })).resolves.toEqual({ insertedId: 'x1' });
    const [url, init = {}] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Rahim"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('keeps the spec path shape, query string included', async () => {
    const fetchMock = stubFetch(answer(200, { modifiedCount: 1 }));
    await createApiClient().patch('/users?status=blocked&&email=a@b.c');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users?status=blocked&&email=a@b.c');
  });

  it('throws ApiError with status, message, code and issues on a non-2xx answer', async () => {
    const issues = [{ path: 'email', message: 'Invalid email' }];
    stubFetch(answer(400, { message: 'Bad input', code: 'VALIDATION', issues }));
    const error = await createApiClient().get('/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Bad input', code: 'VALIDATION', issues });
    expect((error as ApiError).isClientError).toBe(true);
  });

  it('still throws a useful ApiError when the error body is not JSON', async () => {
    stubFetch(answer(502, '<html>Bad gateway</html>', 'text/html'));
    const error = await createApiClient().get('/users').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  it('turns a network failure into ApiError status 0', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(createApiClient().get('/users')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('adds per-request headers and reports errors to onError before throwing', async () => {
    const fetchMock = stubFetch(answer(401, { message: 'No token', code: 'UNAUTHORIZED' }));
    const onError = vi.fn();
    const api = createApiClient({ getHeaders: () => ({ Authorization: 'Bearer t0k' }), onError });
    await expect(api.get('/users')).rejects.toMatchObject({ status: 401 });
    const init = fetchMock.mock.calls[0]?.[1] ?? {};
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer t0k');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 401 }));
  });

  it('validates the answer with a schema when given one', async () => {
    stubFetch(answer(200, { token: 42 }));
    const schema = {
      parse(data: unknown) {
        const token = (data as { token?: unknown }).token;
        if (typeof token !== 'string') throw new Error('token must be a string');
        return { token };
      },
    };
    await expect(createApiClient().post('/jwt', { email: 'a@b.c' }, { schema })).rejects.toThrow('token must be a string');
  });

  it('returns undefined for 204 No Content', async () => {
    stubFetch(answer(204));
    await expect(createApiClient().delete('/blog?id=1')).resolves.toBeUndefined();
  });
});
