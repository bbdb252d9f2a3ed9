import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The API as component tests see it: Mock Service Worker answers the app's fetch calls. A test states the
 * answers it needs with `server.use(http.get('/api/...', ...))` or `answerApi({...})`; a call nobody answers
 * fails the test (see setup.ts).
 */
export const server = setupServer();

/** Requests an answerApi table did not name, since the last check (setup.ts fails the test on any). */
export const unexpectedCalls: string[] = [];

/** One request the app sent, as a test checks it. */
export type ApiCall = { method: string; path: string; body: unknown; idempotencyKey?: string };
export type ApiReply = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error';

/**
 * Answers requests from a table keyed 'METHOD /path' (the path may carry its query string, then only that
 * query matches) and records every request it answers, in order. An answer may be a function, to change
 * over calls. A newer table replaces an older one; a request the newest table does not name is answered with
 * a network error and fails the test.
 */
export function answerApi(
  replies: Record<string, ApiReply | (() => ApiReply | Promise<ApiReply>)>,
): ApiCall[] {
  const calls: ApiCall[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const path = url.pathname + url.search;
      const entry = replies[`${request.method} ${path}`];
      if (entry === undefined) {
        unexpectedCalls.push(`${request.method} ${path}`);
        return HttpResponse.error();
      }
      const text = await request.text();
      const body = text ? (JSON.parse(text) as unknown) : undefined;
      const idempotencyKey = request.headers.get('idempotency-key') ?? undefined;
      calls.push(
        idempotencyKey
          ? { method: request.method, path, body, idempotencyKey }
          : { method: request.method, path, body },
      );
      const reply = typeof entry === 'function' ? await entry() : entry;
      if (reply === 'network-error') return HttpResponse.error();
      return HttpResponse.json(reply.body ?? null, { status: reply.status, headers: reply.headers });
    }),
  );
  return calls;
}
