import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, apiRequestWithHeaders, friendlyErrorMessage } from './api-client';

// Only the browser's fetch is replaced here: these tests pin the client's own contract (the message
// format). The real server is exercised end to end by the browser tests.
function answer(status: number, body: string, statusText = '', headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(async () => new Response(body || null, { status, statusText, headers }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends cookies and JSON, and parses the JSON answer', async () => {
    const fetchMock = answer(200, '{"ok":true}');
    expect(await apiRequest('/api/thing', { method: 'POST', body: { a: 1 } })).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/thing',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: '{"a":1}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('resolves to undefined on an empty 204', async () => {
    answer(204, '');
    expect(await apiRequest('/api/auth/logout', { method: 'POST' })).toBeUndefined();
  });

  it('turns a failure into "<status>: <body text>" and keeps the parsed error body', async () => {
    const body =
      '{"code":"VALIDATION_FAILED","message":"email: Enter a valid email address","fields":{"email":"Enter a valid email address"}}';
    answer(400, body);
    const error = await apiRequest('/api/auth/register').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe(`400: ${body}`);
    expect(apiError.status).toBe(400);
    expect(apiError.body?.code).toBe('VALIDATION_FAILED');
    expect(apiError.fields).toEqual({ email: 'Enter a valid email address' });
    expect(friendlyErrorMessage(apiError)).toBe('email: Enter a valid email address');
  });

  it('uses the status text when the body is empty, and a fallback message when it is not JSON', async () => {
    answer(502, '', 'Bad Gateway');
    const error = (await apiRequest('/api/x').catch((caught: unknown) => caught)) as ApiError;
    expect(error.message).toBe('502: Bad Gateway');
    expect(error.body).toBeNull();
    expect(friendlyErrorMessage(error, 'Failed to load')).toBe('Failed to load');
  });
});

describe('apiRequestWithHeaders', () => {
  it('returns the parsed body with the response headers', async () => {
    answer(200, '[{"id":"t1"}]', 'OK', { 'X-Next-Cursor': 'abc' });
    const { data, headers } = await apiRequestWithHeaders<{ id: string }[]>('/api/transactions');
    expect(data).toEqual([{ id: 't1' }]);
    expect(headers.get('x-next-cursor')).toBe('abc');
  });

  it('fails the same way as apiRequest', async () => {
    answer(400, '{"code":"VALIDATION_FAILED","message":"cursor is not valid"}');
    const error = (await apiRequestWithHeaders('/api/transactions?cursor=x').catch(
      (caught: unknown) => caught,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.body?.message).toBe('cursor is not valid');
  });
});
