import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { server, unexpectedCalls } from './api-mock';

// On a busy 2-core machine (CI runs the three projects side by side) a render after a lazy import can take
// longer than Testing Library's default second; waits that succeed are not slowed by a longer limit.
configure({ asyncUtilTimeout: 5_000 });

// Every web test: the API is Mock Service Worker (an unanswered call is an error), and each test starts
// from an empty page and the default answers.
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request) => {
      const url = new URL(request.url);
      unexpectedCalls.push(`${request.method} ${url.pathname}${url.search}`);
    },
  }),
);
afterEach(() => {
  cleanup();
  server.resetHandlers();
  const unexpected = unexpectedCalls.splice(0);
  expect(unexpected, 'requests no test answer named').toEqual([]);
});
afterAll(() => server.close());
