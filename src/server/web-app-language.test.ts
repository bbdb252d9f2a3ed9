import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/setup/test-app';

// Which language a page arrives in: a landing page's address says (/lead, /es/lead: each prerendered in its
// language); every other page follows the visitor's choice (the language switch's cookie), else their browser's
// Accept-Language, written into <html lang> for the app to draw in.

let t: TestApp;

function builtApp(): string {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'dmp-web-lang-'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="en"><div id="root"></div></html>',
  );
  for (const [folder, lang] of [
    ['lead', 'en'],
    ['es/lead', 'es'],
  ] as const) {
    mkdirSync(path.join(webRoot, folder), { recursive: true });
    writeFileSync(
      path.join(webRoot, folder, 'index.html'),
      `<!doctype html><html lang="${lang}">${folder}</html>`,
    );
  }
  return webRoot;
}

beforeAll(async () => {
  t = await createTestApp({}, { webRoot: builtApp() });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the language a page is served in', () => {
  it('serves each landing page in its address’s language, whatever the browser asks', async () => {
    const english = await get('/lead', { 'accept-language': 'es-MX,es' });
    expect(english.body).toContain('<html lang="en">lead');
    const spanish = await get('/es/lead?utm_source=radio');
    expect(spanish.statusCode).toBe(200);
    expect(spanish.body).toContain('<html lang="es">es/lead');
  });

  it.each([
    [{}, 'en'],
    [{ 'accept-language': 'es-US,es;q=0.9,en;q=0.8' }, 'es'],
    [{ 'accept-language': 'en-US,en;q=0.9,es;q=0.8' }, 'en'],
    [{ cookie: 'lang=es' }, 'es'],
    [{ cookie: 'other=1; lang=en', 'accept-language': 'es' }, 'en'],
    [{ cookie: 'lang=fr', 'accept-language': 'es' }, 'es'],
    [{ cookie: 'lang=<script>' }, 'en'],
    [{ 'accept-language': 'x'.repeat(5000) }, 'en'],
  ])('the app’s page with %j is drawn in %s', async (headers, lang) => {
    const res = await get('/sign-in', headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers.vary).toContain('Cookie');
    expect(res.body).toBe(`<!doctype html><html lang="${lang}"><div id="root"></div></html>`);
  });
});
