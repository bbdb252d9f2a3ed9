import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth';
import { createTestApp, type TestApp } from '../setup/test-app';

// A state-changing /api call must prove it comes from our own pages: an Origin that is exactly ours, or, without
// Origin, `Sec-Fetch-Site: same-origin`. Anything else is a 403, never a 500.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
});
afterAll(async () => {
  await t.close();
});

const signIn = { username: 'nobody@example.com', password: 'Wrong#Pass1' };

/**
 * A sign-in attempt with exactly these headers (no cookie, no default Origin), sent to PUBLIC_URL's host as a
 * browser on our pages would; a test may name another host.
 */
const signInWith = (headers: Record<string, string>, app: TestApp = t) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: signIn,
    headers: { host: 'localhost:3000', ...headers },
  });

describe('the Origin header', () => {
  it.each([
    ['null', 'null'],
    ['not a URL', 'not a url'],
    ['a bare scheme', 'http://'],
    ['an unclosed IPv6 host', 'http://[::1'],
    ['a URL with a path', 'http://localhost:3000/account'],
    ['upper case', 'HTTP://LOCALHOST:3000'],
    ['another scheme', 'https://localhost:3000'],
    ['another port', 'http://localhost:3001'],
    ['no port (80)', 'http://localhost'],
    ['a subdomain', 'http://evil.localhost:3000'],
    ['our host as a prefix', 'http://localhost:3000.evil.example'],
    ['another site', 'https://evil.example'],
    ['a file page', 'file://'],
  ])('refuses %s with 403 (%s)', async (_name, origin) => {
    const res = await signInWith({ origin });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ code: 'Forbidden', message: 'Cross-origin request refused.' });
  });

  it('accepts exactly the origin of PUBLIC_URL (the sign-in then answers for itself)', async () => {
    expect((await signInWith({ origin: 'http://localhost:3000' })).statusCode).toBe(401);
  });

  it('refuses every state-changing method, known route or not', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/application/hardships', '/api/no-such-route']) {
        const res = await t.app.inject({ method, url, payload: {}, headers: { origin: 'null' } });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('leaves reads alone: a GET needs no Origin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'null' } })).statusCode,
    ).toBe(200);
  });
});

describe('a state-changing call without Origin', () => {
  it('is refused with neither Origin nor Sec-Fetch-Site, and does nothing', async () => {
    const email = `no-origin.${Date.now()}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/lead',
      payload: {
        firstName: 'Pat',
        lastName: 'Doe',
        email,
        phoneNumber: '415-555-0123',
        agreedToTerms: true,
      },
    });
    expect(res.statusCode).toBe(403);
    expect(await t.db.query.user.findFirst({ where: eq(user.email, email) })).toBeUndefined();
  });

  it.each(['cross-site', 'same-site', 'none', 'SAME-ORIGIN'])(
    'is refused with Sec-Fetch-Site: %s',
    async (site) => {
      expect((await signInWith({ 'sec-fetch-site': site })).statusCode).toBe(403);
    },
  );

  it('is accepted with Sec-Fetch-Site: same-origin (set by the browser, not by the page)', async () => {
    expect((await signInWith({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(401);
  });
});

describe('outside production, the origin the request was sent to', () => {
  it('is accepted (the Vite dev server proxies with its own Host)', async () => {
    const res = await signInWith({ host: 'localhost:5173', origin: 'http://localhost:5173' });
    expect(res.statusCode).toBe(401);
    expect((await signInWith({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' })).statusCode).toBe(
      401,
    );
  });

  it('must match the Host in scheme and port too', async () => {
    expect((await signInWith({ host: 'localhost:5173', origin: 'http://localhost:5174' })).statusCode).toBe(
      403,
    );
    expect((await signInWith({ host: 'localhost:5173', origin: 'https://localhost:5173' })).statusCode).toBe(
      403,
    );
  });

  it('never turns a malformed Host into a 500', async () => {
    const res = await signInWith({ host: '[::1', origin: 'http://localhost:5173' });
    expect(res.statusCode).toBe(403);
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://dmp.example',
      ALLOW_SANDBOX_PROVIDERS: 'true',
    });
  });
  afterAll(async () => {
    await prod.close();
  });

  it('accepts only the origin of PUBLIC_URL, whatever the Host says', async () => {
    expect((await signInWith({ host: 'dmp.example', origin: 'https://dmp.example' }, prod)).statusCode).toBe(
      401,
    );
    expect((await signInWith({ host: 'evil.example', origin: 'http://evil.example' }, prod)).statusCode).toBe(
      403,
    );
    expect((await signInWith({ host: 'dmp.example', origin: 'http://dmp.example' }, prod)).statusCode).toBe(
      403,
    );
  });
});

describe('provider webhooks (called server to server, verified by signature)', () => {
  const body = JSON.stringify({ webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: 'x' });
  const webhook = (url: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });

  it.each(['/api/webhooks/e-signature', '/api/webhooks/bank-link'])(
    'skip the Origin rule but still answer a forged call with 401 (%s)',
    async (url) => {
      const forged = {
        'x-docusign-signature-1': createHmac('sha256', 'wrong').update(body).digest('base64'),
        'plaid-verification': 'forged',
      };
      expect((await webhook(url, forged)).statusCode).toBe(401);
      expect((await webhook(url, { ...forged, origin: 'https://evil.example' })).statusCode).toBe(401);
      expect((await webhook(url, { ...forged, origin: 'null' })).statusCode).toBe(401);
      expect((await webhook(`${url}?retry=1`, forged)).statusCode).toBe(401);
    },
  );

  it('skip the Origin rule for Twilio’s inbound texts, which still refuse a forged signature with 403', async () => {
    const form = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/twilio/sms',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': 'forged',
          ...headers,
        },
        payload: 'From=%2B12025550143&Body=STOP',
      });
    const variants: Record<string, string>[] = [{}, { origin: 'https://evil.example' }, { origin: 'null' }];
    for (const headers of variants) {
      const res = await form(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'Forbidden', message: 'Invalid signature.' });
    }
  });
});
