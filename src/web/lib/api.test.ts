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

  it('has no field messages when the answer gives none', async () => {
    answer(409, { code: 'Conflict', message: 'Taken', fieldMessages: 'nonsense' });
    const error = (await api('/api/x', { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldMessages).toEqual({});
  });
});
