import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrower } from '#server/db/schema/application';
import { newBorrower } from '#tests/support/borrower-flow';
import { createTestApp, type TestApp } from '#tests/setup/test-app';
import { sessionRecordingCsp } from './csp';

let off: TestApp;
let on: TestApp;
beforeAll(async () => {
  [off, on] = await Promise.all([
    createTestApp(),
    createTestApp({ SESSION_RECORDING_PROVIDER: 'logrocket', LOGROCKET_APP_ID: 'agency/dmp' }),
  ]);
});
afterAll(async () => {
  await Promise.all([off?.close(), on?.close()]);
});

describe('GET /api/session-recording', () => {
  it('answers off when nothing is configured, and the pages may load no other origin', async () => {
    const b = await newBorrower(off);
    const res = await b.client.get('/api/session-recording');
    expect(res.json()).toEqual({ provider: 'off' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('logr');
  });

  it('when configured, names the borrower by the borrower record’s id and nothing else', async () => {
    const b = await newBorrower(on);
    const res = await b.client.get('/api/session-recording');
    const row = await on.db.query.borrower.findFirst({ where: eq(borrower.applicationId, b.applicationId) });
    expect(res.json()).toEqual({ provider: 'logrocket', appId: 'agency/dmp', borrowerId: row!.id });
    expect(res.body).not.toContain(b.email);
    expect(res.body).not.toContain(b.lastName);
    expect(String(res.headers['content-security-policy'])).toContain('https://cdn.logr-in.com');
  });

  it('each borrower gets their own id', async () => {
    const [first, second] = await Promise.all([newBorrower(on), newBorrower(on)]);
    const a = (await first.client.get('/api/session-recording')).json().borrowerId;
    const b = (await second.client.get('/api/session-recording')).json().borrowerId;
    expect(a).not.toBe(b);
  });

  it('lists no origin for recording off', () => {
    expect(sessionRecordingCsp({ provider: 'off' })).toEqual({
      scriptSrc: [],
      connectSrc: [],
      workerSrc: [],
    });
  });
});
