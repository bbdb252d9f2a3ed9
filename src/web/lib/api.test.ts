import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_REFS } from '#domain/validation/messages';
import { api, ApiError } from './api';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) =>
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body), { status })));

describe('api', () => {
  it('keeps a 400’s field messages by their id, the ones with an id we know', async () => {
    answer(400, {
      code: 'ValidationError',
      message: 'Passwords do not match.',
      fieldErrors: { confirmPassword: 'Passwords do not match.', other: 'Something else' },
      fieldMessages: {
        confirmPassword: { messageId: MESSAGE_REFS.passwordsDoNotMatch.id },
        other: { messageId: 'not.one.of.ours' },
      },
    });
    const error = await api('/api/x', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldMessages).toEqual({ confirmPassword: MESSAGE_REFS.passwordsDoNotMatch });
    expect((error as ApiError).fieldErrors.other).toBe('Something else');
  });

  it('takes a 200 whose body is cut short, or is not JSON, as a lost connection, never as an empty answer', async () => {
    for (const body of ['{"items":[', '<html>Sign in to the Wi-Fi</html>']) {
      vi.stubGlobal('fetch', () => Promise.resolve(new Response(body, { status: 200 })));
      const error = (await api('/api/x').catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.code).toBe('NetworkError');
      expect(error.messageRef?.id).toBe(MESSAGE_REFS.networkError.id);
    }
  });

  it('takes a body that breaks off while arriving as a lost connection', async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"items":['));
        controller.error(new TypeError('network error'));
      },
    });
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(broken, { status: 200 })));
    const error = (await api('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('NetworkError');
  });

  it('still reads an empty success as an empty answer, and an error whose body is not JSON by its status', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 200 })));
    expect(await api('/api/x')).toEqual({});
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })));
    const error = (await api('/api/x').catch((e: unknown) => e)) as ApiError;
    expect([error.status, error.code]).toEqual([502, 'Error']);
  });

  it('has no field messages when the answer gives none', async () => {
    answer(409, { code: 'Conflict', message: 'Taken', fieldMessages: 'nonsense' });
    const error = (await api('/api/x', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldMessages).toEqual({});
  });

  it('says a failure without a message of the server’s as a message of ours, with its id', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })));
    const failed = (await api('/api/x', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(failed.messageRef).toEqual(MESSAGE_REFS.saveFailed);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const offline = (await api('/api/x', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(offline.messageRef).toEqual(MESSAGE_REFS.networkError);
  });
});
