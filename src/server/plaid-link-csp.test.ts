import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// Plaid Link runs in the borrower's browser: Plaid's script from its CDN, and Link's frame from the same CDN.
// The pages' security policy allows them when Plaid is the bank-link provider, and not otherwise. Plaid's
// documentation ("Link Web SDK", CSP directives) lists what Link needs:
//   "default-src https://cdn.plaid.com/;
//    script-src 'unsafe-inline' https://cdn.plaid.com/link/v2/stable/link-initialize.js;
//    frame-src https://cdn.plaid.com/;
//    connect-src https://production.plaid.com/;"
// ('unsafe-inline' is left out on purpose: src/server/features/payments/plaid-link-csp.ts says why.)

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.split(' ')[0] === name);

describe('Plaid Link in the security policy', () => {
  let withPlaid: TestApp;
  let sandbox: TestApp;
  beforeAll(async () => {
    [withPlaid, sandbox] = await Promise.all([
      createTestApp({ PLAID_CLIENT_ID: 'client-id', PLAID_SECRET: 'secret', PLAID_ENV: 'sandbox' }),
      createTestApp(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([withPlaid?.close(), sandbox?.close()]);
  });

  it('allows Link’s script, its frame and its calls when Plaid is the provider, on pages and the API', async () => {
    for (const path of ['/', '/payments/payment-account-options', '/api/health']) {
      const csp = String((await withPlaid.client().get(path)).headers['content-security-policy']);
      expect(directive(csp, 'script-src')).toBe(
        "script-src 'self' https://cdn.plaid.com/link/v2/stable/link-initialize.js",
      );
      expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://cdn.plaid.com/");
      expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://production.plaid.com/");
      expect(directive(csp, 'default-src')).toBe("default-src 'self' https://cdn.plaid.com/");
      // What Plaid's default-src would have allowed, where the app's own directives replace it.
      expect(directive(csp, 'style-src')).toBe("style-src 'self' 'unsafe-inline' https://cdn.plaid.com/");
      expect(directive(csp, 'img-src')).toBe("img-src 'self' data: https://cdn.plaid.com/");
      // Never inline scripts, and nothing of Plaid's where Link needs nothing.
      expect(directive(csp, 'script-src')).not.toContain('unsafe-inline');
      expect(directive(csp, 'worker-src')).toBe("worker-src 'self'");
      expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    }
  });

  it('allows nothing of Plaid’s with the built-in sandbox', async () => {
    const csp = String((await sandbox.client().get('/api/health')).headers['content-security-policy']);
    expect(csp).not.toContain('plaid.com');
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self'");
  });
});
