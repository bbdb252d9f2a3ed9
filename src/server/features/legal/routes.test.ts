import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS } from '#domain/legal';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// The legal texts: the shipped templates by default, the agency's file or the agency's own page when configured.

let templates: TestApp;
let configured: TestApp;
const dir = mkdtempSync(path.join(os.tmpdir(), 'dmp-legal-'));
const agencyTerms = path.join(dir, 'terms.md');
beforeAll(async () => {
  writeFileSync(agencyTerms, '# Terms of Harbor Light\r\n\r\nOur own terms.\r\n');
  [templates, configured] = await Promise.all([
    createTestApp(),
    createTestApp({
      LEGAL_PRIVACY_POLICY: 'https://agency.example/privacy',
      LEGAL_TERMS_AND_CONDITIONS: agencyTerms,
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([templates?.close(), configured?.close()]);
});

describe('GET /api/legal/:document', () => {
  it.each(LEGAL_DOCUMENTS)('answers the template of $title, marked for the agency to review', async (doc) => {
    const res = await templates.client().get(`/api/legal/${doc.key}`);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ kind: 'text', title: doc.title });
    expect(view.markdown).toMatch(new RegExp(`^# ${doc.title}\\n`));
    expect(view.markdown).toContain('Template — the agency must review this text.');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('the templates say what the consent promises: STOP, HELP, rates, not a condition', async () => {
    const terms = (await templates.client().get('/api/legal/terms-and-conditions')).json().markdown;
    expect(terms).toContain('Reply STOP');
    expect(terms).toContain('HELP');
    expect(terms).toContain('Message and data rates may apply');
    expect(terms).toContain('not a condition');
  });

  it('answers the agency’s file (line endings made plain) and the agency’s page', async () => {
    const client = configured.client();
    expect((await client.get('/api/legal/terms-and-conditions')).json()).toEqual({
      kind: 'text',
      title: 'Terms and Conditions',
      markdown: '# Terms of Harbor Light\n\nOur own terms.\n',
    });
    expect((await client.get('/api/legal/privacy-policy')).json()).toEqual({
      kind: 'url',
      title: 'Privacy Policy',
      url: 'https://agency.example/privacy',
    });
  });

  it('redirects the product’s page to the agency’s page when one is configured, and only then', async () => {
    const res = await configured.app.inject({ url: '/privacy-policy' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://agency.example/privacy');
    // Served by the web app (no redirect) when the text is a file or the template.
    expect((await configured.app.inject({ url: '/terms-and-conditions' })).statusCode).not.toBe(302);
    expect((await templates.app.inject({ url: '/privacy-policy' })).statusCode).not.toBe(302);
  });

  it.each(['no-such-policy', '..%2F..%2Fetc%2Fpasswd', 'privacy-policy%00', 'x'.repeat(65), '%E2%80%AE'])(
    'answers %s with 4xx',
    async (name) => {
      const res = await templates.client().get(`/api/legal/${name}`);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    },
  );
});
